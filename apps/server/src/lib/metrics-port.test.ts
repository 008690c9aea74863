import { createServer, type Server } from 'node:net';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from './metrics.js';

/**
 * A second `npm start` on one machine (or the tests beside a dev server) found the metrics port
 * taken and died; in development that is now a warning, and production stays strict (README.md).
 */
describe('the metrics port when it is taken', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('is a warning in development: the server starts without a metrics listener', async () => {
    const warnings: string[] = [];
    const server = await serveMetrics(
      new Registry(),
      { host: '127.0.0.1', port },
      {
        strict: false,
        warn: (message) => warnings.push(message),
      },
    );
    expect(server).toBeUndefined();
    expect(warnings).toEqual([
      `metrics are not served: 127.0.0.1:${port} is taken (EADDRINUSE); set METRICS_PORT to serve them`,
    ]);
  });

  it('stops a production server', async () => {
    await expect(
      serveMetrics(new Registry(), { host: '127.0.0.1', port }, { strict: true, warn: () => undefined }),
    ).rejects.toThrow(`cannot serve metrics on 127.0.0.1:${port} (set METRICS_PORT)`);
  });

  it('serves them when the port is free', async () => {
    const server = await serveMetrics(
      new Registry(),
      { host: '127.0.0.1', port: 0 },
      {
        strict: false,
        warn: () => undefined,
      },
    );
    expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await server?.close();
  });
});

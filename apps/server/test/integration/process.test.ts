import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverRoot } from '../../src/lib/paths.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/** Starts src/main.ts on a free port with its own data folder; output is collected for assertions. */
async function startServerProcess(dataDir: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PUBLIC_URL: base,
      // Any free port: test files run side by side.
      METRICS_PORT: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, port, base, output: '' };
  child.stdout?.on('data', (d: Buffer) => (server.output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (server.output += d.toString()));
  return server;
}

/** The real process (src/main.ts): boot on an empty embedded database, then drain on SIGTERM. */
describe('server process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bid-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('boots, serves, and on SIGTERM drains: readiness 503 at once, sockets closed with 1012, exit 0', async () => {
    const delayMs = 1500;
    const server = await startServerProcess(dataDir, { SHUTDOWN_DELAY_MS: String(delayMs) });
    const { child, port, base } = server;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    try {
      await waitForHealth(base, child);
      // The boot log names every real service in use, and where the metrics are.
      expect(server.output).toContain('embedded PGlite in');
      expect(server.output).toContain('offline sandbox');
      const metricsUrl = /"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(server.output)?.[1];
      expect(metricsUrl, server.output).toBeDefined();
      expect((await fetch(metricsUrl!)).status).toBe(200);
      // The public port knows no /metrics: what it answers there is the web app's page, if anything.
      expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('http_request_duration_seconds');
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: base });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const closed = new Promise<{ code: number; at: number }>((resolve) =>
        socket.once('close', (code) => resolve({ code, at: Date.now() })),
      );

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      // Readiness flips at once while the listener still answers (the balancer's notice time).
      const deadline = Date.now() + delayMs;
      let ready = 200;
      while (ready === 200 && Date.now() < deadline) {
        ready = (await fetch(`${base}/api/health/ready`)).status;
      }
      expect(ready).toBe(503);
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

      const close = await closed;
      expect(close.code).toBe(1012);
      expect(close.at - signalledAt).toBeGreaterThanOrEqual(delayMs - 100);
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.output).toContain('shutdown complete');
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it('refuses a foreign-origin WebSocket handshake', async () => {
    const { child, port, base } = await startServerProcess(dataDir);
    try {
      await waitForHealth(base, child);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: 'https://evil.example' });
      const status = await new Promise<number | undefined>((resolve) => {
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode));
        socket.once('open', () => resolve(101));
        socket.once('error', () => resolve(undefined));
      });
      expect(status).toBe(403);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);
});

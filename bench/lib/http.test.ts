import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { measureLatenciesInTurns } from './http.js';

/** Two plain HTTP servers that write down, in one shared log, which of them answered each request. */
async function twoServers(log: string[]): Promise<{ urls: [string, string]; close: () => Promise<void> }> {
  const servers = (['a', 'b'] as const).map((name) =>
    http.createServer((req, res) => {
      log.push(name);
      res.statusCode = req.url === '/broken' ? 500 : 200;
      res.end('{}');
    }),
  );
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const urls = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [string, string];
  return {
    urls,
    close: () => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(),
  };
}

describe('measureLatenciesInTurns', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('sends each server `total` requests in runs of `turn`, one at a time, each first in turn', async () => {
    const log: string[] = [];
    const servers = await twoServers(log);
    close = servers.close;
    const [a, b] = await measureLatenciesInTurns({
      targets: [{ baseUrl: servers.urls[0] }, { baseUrl: servers.urls[1] }],
      path: '/',
      total: 7,
      turn: 3,
      firstTarget: 1,
    });
    expect(a).toHaveLength(7);
    expect(b).toHaveLength(7);
    expect([...a, ...b].every((ms) => ms > 0)).toBe(true);
    // Turns of 3, 3 and the last 1; the second server first, then the first one first, and so on.
    expect(log.join('')).toBe('bbbaaa' + 'aaabbb' + 'ba');
  });

  it('stops at an answer other than 200 and says which', async () => {
    const log: string[] = [];
    const servers = await twoServers(log);
    close = servers.close;
    await expect(
      measureLatenciesInTurns({
        targets: [{ baseUrl: servers.urls[0] }, { baseUrl: servers.urls[1] }],
        path: '/broken',
        total: 5,
        turn: 2,
        firstTarget: 0,
      }),
    ).rejects.toThrow('GET /broken answered 500');
    expect(log).toEqual(['a']);
  });
});

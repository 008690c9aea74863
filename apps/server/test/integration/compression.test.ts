import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, negotiateEncoding } from '../../src/plugins/compression.js';
import { insertAuction } from '../support/auctions.js';
import { createTestApp } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { signInByEmail } from '../support/session.js';

/**
 * docs/performance.md "Compression": the API's JSON answers of 1 KB or more go out with Brotli or
 * gzip when the client accepts it, identity otherwise; small answers, streams and routes that
 * carry a secret are never compressed.
 */
describe.each(testDatabaseFactories())('compressed API answers on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Coffee and a walk ${i}` })) };

  beforeAll(async () => {
    testDb = await factory.open();
    app = await createTestApp(
      testDb.database,
      { OTP_MAX_PER_IP: '1000' },
      {
        configure: (probe) => {
          probe.get('/api/test-compression/big', async () => big);
          probe.get('/api/test-compression/small', async () => ({ ok: true }));
          probe.get('/api/test-compression/secret', { config: { compress: false } }, async () => big);
          probe.get('/api/test-compression/stream', async (_request, reply) => {
            reply.header('content-type', 'text/event-stream');
            const { Readable } = await import('node:stream');
            return reply.send(Readable.from([`data: ${JSON.stringify(big)}\n\n`]));
          });
        },
      },
    );
    const { body } = await signInByEmail(app, 'compression-host@example.com');
    const endTime = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < 30; i += 1) await insertAuction(testDb.database.db, { creatorId: body.user.id, endTime });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers the real auction list with Brotli, gzip or identity as the client accepts', async () => {
    const plain = await get('/api/auctions?limit=30');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get('/api/auctions?limit=30', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get('/api/auctions?limit=30', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await get('/api/auctions?limit=30', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('compresses a JSON answer of 1 KB or more and leaves a smaller one as it is', async () => {
    const compressed = await get('/api/test-compression/big', 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(big);

    const small = await get('/api/test-compression/small', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('never compresses a route that carries a secret, sign-in answers or a stream', async () => {
    const secret = await get('/api/test-compression/secret', 'gzip, br');
    expect(secret.headers['content-encoding']).toBeUndefined();
    expect(secret.json()).toEqual(big);

    const stream = await get('/api/test-compression/stream', 'gzip, br');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body).toContain('data: ');

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { email: 'compression-visitor@example.com' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['content-encoding']).toBeUndefined();
  });
});

describe('negotiateEncoding', () => {
  it('prefers Brotli, falls back to gzip and honours q=0 and *', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeNull();
  });
});

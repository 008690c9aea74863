import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../src/plugins/compression.js';
import { insertAuction } from '../support/auctions.js';
import { createTestApp } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';

/**
 * docs/performance.md "Compression": the API's JSON answers of 1 KB or more go out with Brotli or
 * gzip when the client accepts it, identity otherwise; small answers, streams and routes that
 * carry a secret are never compressed. The third hostile test found `GET /api/auctions?limit=100`
 * travelling uncompressed to phones.
 */
describe.each(testDatabaseFactories())('compressed API answers on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;
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
            return reply.send(Readable.from([`data: ${JSON.stringify(big)}\n\n`]));
          });
        },
      },
    );
    const signedIn = await signInByEmail(app, 'compression-host@example.com');
    cookie = signedIn.cookie;
    const endTime = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < 30; i += 1) {
      await insertAuction(testDb.database.db, { creatorId: signedIn.body.user.id, endTime });
    }
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers the real auction list with Brotli, gzip or identity as the client accepts', async () => {
    const plain = await get('/api/auctions?limit=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);

    const br = await get('/api/auctions?limit=100', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // The page's cursor header survives, and the length is the compressed one.
    expect(br.headers['x-next-cursor']).toBe(plain.headers['x-next-cursor']);
    if (br.headers['content-length'] !== undefined)
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get('/api/auctions?limit=100', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await get('/api/auctions?limit=100', 'br;q=0, gzip;q=0');
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

  it('never compresses a route that carries a secret, sign-in answers, a stream or a request body', async () => {
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

    const upload = await app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'accept-encoding': 'gzip, br' },
      cookies: withSession(cookie),
      payload: {},
    });
    expect(upload.headers['content-encoding']).toBeUndefined();

    // A compressed request body is not inflated: it is refused like any other unreadable body.
    const zipped = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(zipped.statusCode).toBeGreaterThanOrEqual(400);
    expect(zipped.statusCode).toBeLessThan(500);
  });
});

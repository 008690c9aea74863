import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectObjectRoundTrip } from '../../../test/support/object-storage.js';
import { S3RVER_CREDENTIALS, startTestS3Server, type TestS3Server } from '../../../test/support/s3.js';
import { ObjectTooLargeError } from './object-storage.js';
import { S3ObjectStorage } from './s3-storage.js';

/** Against a real S3 API (s3rver), so signing, path-style addressing and error shapes are the real ones. */
describe('S3ObjectStorage', () => {
  let server: TestS3Server;
  let storage: S3ObjectStorage;

  beforeAll(async () => {
    server = await startTestS3Server();
    storage = new S3ObjectStorage({
      endpoint: server.endpoint,
      bucket: server.bucket,
      region: 'us-east-1',
      ...S3RVER_CREDENTIALS,
    });
  });
  afterAll(() => server.stop());

  it('writes, reads, streams and deletes an object', async () => {
    const key = `images/${randomUUID()}.jpg`;
    await expectObjectRoundTrip(storage, { key, bytes: 'jpeg bytes', contentType: 'image/jpeg' });
  });

  it('refuses to read past the size limit', async () => {
    const key = `incoming/${randomUUID()}`;
    await storage.writeObject(key, Buffer.alloc(11), 'application/octet-stream');
    await expect(storage.readObject(key, 10)).rejects.toBeInstanceOf(ObjectTooLargeError);
  });

  it('presigns a path-style PUT for the key that a plain fetch can use, with its own content type', async () => {
    const key = `incoming/${randomUUID()}`;
    const url = await storage.createUploadUrl({
      key,
      grantId: randomUUID(),
      expiresAt: new Date(Date.now() + 300_000),
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${server.endpoint}/${server.bucket}/${key}`);
    expect(parsed.searchParams.get('X-Amz-Expires')).toMatch(/^(299|300)$/);
    // A checksum of an empty body in the URL would make real S3 refuse the file.
    expect(parsed.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    const put = await fetch(url, {
      method: 'PUT',
      body: Buffer.from('raw upload'),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    expect((await storage.readObject(key, 100))?.toString()).toBe('raw upload');
  });

  // s3rver checks a presigned URL's expiry but not its SigV4 signature, so only the expiry is tested here.
  it('hands out URLs that stop working when they expire', async () => {
    const key = `incoming/${randomUUID()}`;
    const url = await storage.createUploadUrl({ key, grantId: randomUUID(), expiresAt: new Date(Date.now() + 1000) });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const put = await fetch(url, {
      method: 'PUT',
      body: Buffer.from('late'),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(403);
    expect(await storage.readObject(key, 100)).toBeUndefined();
  });

  it('refuses any key the server did not choose', async () => {
    await expect(storage.writeObject('../x', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/did not choose/);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStorage } from './local-storage.js';
import { ObjectTooLargeError } from './object-storage.js';
import { UploadUrlSigner } from './upload-url-signer.js';
import { expectObjectRoundTrip } from '../../../test/support/object-storage.js';

describe('LocalObjectStorage', () => {
  let root: string;
  let storage: LocalObjectStorage;
  const signer = new UploadUrlSigner('a-session-secret-of-at-least-32-characters');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'bid-local-storage-'));
    storage = new LocalObjectStorage(root, signer);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes, reads, streams and deletes an object, leaving no temporary files', async () => {
    const key = `images/${randomUUID()}.jpg`;
    // The local storage keeps no content type.
    await expectObjectRoundTrip(storage, { key, bytes: 'picture bytes', contentType: 'image/jpeg' }, async () => {
      expect(await readdir(path.join(root, 'images'))).toEqual([key.slice('images/'.length)]);
    });
  });

  it('refuses to read past the size limit', async () => {
    const key = `incoming/${randomUUID()}`;
    await storage.writeObject(key, Buffer.alloc(11));
    await expect(storage.readObject(key, 10)).rejects.toBeInstanceOf(ObjectTooLargeError);
  });

  it('refuses any key the server did not choose, so no path leaves the folder', async () => {
    for (const key of ['../escape', 'images/../../etc/passwd', 'images/x.jpg', `incoming/${randomUUID()}/..`, '/abs']) {
      await expect(storage.writeObject(key, Buffer.from('x'))).rejects.toThrow(/did not choose/);
      await expect(storage.readObject(key, 10)).rejects.toThrow(/did not choose/);
    }
  });

  it('hands out a root-relative URL whose signature covers the grant and expiry', async () => {
    const grantId = randomUUID();
    const expiresAt = new Date(1_900_000_000_000);
    const url = await storage.createUploadUrl({ key: `incoming/${grantId}`, grantId, expiresAt });
    const parsed = new URL(url, 'http://example.test');
    expect(parsed.pathname).toBe(`/api/objects/uploads/${grantId}`);
    expect(url.startsWith('/api/objects/uploads/')).toBe(true);
    expect(
      signer.verify(grantId, parsed.searchParams.get('expires'), parsed.searchParams.get('signature') ?? ''),
    ).toEqual(expiresAt);
  });
});

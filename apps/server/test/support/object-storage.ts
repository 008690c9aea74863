import { buffer } from 'node:stream/consumers';
import { expect } from 'vitest';
import type { ObjectStorage } from '../../src/lib/storage/object-storage.js';

/**
 * What every object storage does with one object (src/lib/storage/*.test.ts): it reads back and
 * streams what was written, with its size, and after a delete reads nothing; a second delete is
 * no error. `whileStored` checks what only one backend shows (the local one's files).
 */
export async function expectObjectRoundTrip(
  storage: ObjectStorage,
  object: { key: string; bytes: string; contentType: string },
  whileStored?: () => Promise<void>,
): Promise<void> {
  const { key, bytes } = object;
  await storage.writeObject(key, Buffer.from(bytes), object.contentType);
  expect((await storage.readObject(key, 100))?.toString()).toBe(bytes);
  const opened = await storage.openObject(key);
  expect(opened?.size).toBe(Buffer.byteLength(bytes));
  expect((await buffer(opened!.body)).toString()).toBe(bytes);
  await whileStored?.();
  await storage.deleteObject(key);
  expect(await storage.readObject(key, 100)).toBeUndefined();
  expect(await storage.openObject(key)).toBeUndefined();
  await storage.deleteObject(key);
}

import type { Readable } from 'node:stream';

/**
 * Where uploaded and processed images live (docs/uploads.md): local disk under DATA_DIR by
 * default, an S3-compatible bucket when S3_* is set. Both give the same answers.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';

  /**
   * A URL the browser PUTs the raw file to, valid until `expiresAt`. For local disk it points
   * at this server's upload route; for S3 it is a presigned PutObject URL.
   */
  createUploadUrl(input: { key: string; grantId: string; expiresAt: Date }): Promise<string>;

  /** The object's bytes, or undefined when it does not exist. Throws ObjectTooLargeError past `maxBytes`. */
  readObject(key: string, maxBytes: number): Promise<Buffer | undefined>;

  writeObject(key: string, bytes: Buffer, contentType: string): Promise<void>;

  /** Removing a missing object is not an error. */
  deleteObject(key: string): Promise<void>;

  /** A stream for serving the object, or undefined when it does not exist. */
  openObject(key: string): Promise<{ body: Readable; size: number } | undefined>;
}

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
}

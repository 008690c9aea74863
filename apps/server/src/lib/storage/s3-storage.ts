import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../../config/env.js';
import { OBJECT_KEY_PATTERN } from './object-keys.js';
import { ObjectTooLargeError, type ObjectStorage } from './object-storage.js';

export type S3Settings = NonNullable<AppConfig['s3']>;

/** S3 keeps a presigned URL valid for at most a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver in tests). The browser PUTs
 * straight to a presigned URL; the app reads the raw upload back, and serves processed pictures
 * itself, so the bucket stays private.
 */
const S3_CONNECT_TIMEOUT_MS = 5_000;
/** Between two chunks of an answer, not for the whole transfer (pictures are at most a few MB). */
const S3_REQUEST_TIMEOUT_MS = 20_000;

export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Bucket in the path, not the host name, which is what self-hosted S3-compatible servers expect.
      forcePathStyle: true,
      // Otherwise a presigned PUT carries the checksum of an empty body, and S3 refuses the real file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Every wait has a limit (docs/reliability.md): a bucket that stops answering fails the call.
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
    });
  }

  async createUploadUrl(input: { key: string; grantId: string; expiresAt: Date }): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(input.key) });
    // S3 judges the expiry by its own clock, so the lifetime is counted from the real time.
    const expiresIn = Math.ceil((input.expiresAt.getTime() - Date.now()) / 1000);
    return getSignedUrl(this.client, command, { expiresIn: Math.min(Math.max(expiresIn, 1), MAX_PRESIGN_SECONDS) });
  }

  async readObject(key: string, maxBytes: number): Promise<Buffer | undefined> {
    const object = await this.getObject(key);
    if (!object) return undefined;
    const { body, size } = object;
    // The presigned URL cannot cap the size of what the browser sends, so it is checked here.
    if (size > maxBytes) {
      body.destroy();
      throw new ObjectTooLargeError(`${key} is ${size} bytes`);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      received += bytes.length;
      if (received > maxBytes) {
        body.destroy();
        throw new ObjectTooLargeError(`${key} is larger than ${maxBytes} bytes`);
      }
      chunks.push(bytes);
    }
    return Buffer.concat(chunks);
  }

  async writeObject(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.checked(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async deleteObject(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }));
  }

  openObject(key: string): Promise<{ body: Readable; size: number } | undefined> {
    return this.getObject(key);
  }

  private async getObject(key: string): Promise<{ body: Readable; size: number } | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }),
      );
      // In Node the SDK answers with a Readable (an IncomingMessage with helper methods mixed in).
      const body = answer.Body as Readable | undefined;
      if (!body) throw new Error(`S3 answered GetObject for ${key} without a body`);
      return { body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  private checked(key: string): string {
    if (!OBJECT_KEY_PATTERN.test(key)) throw new Error(`Refusing an object key the server did not choose: ${key}`);
    return key;
  }
}

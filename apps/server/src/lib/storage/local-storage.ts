import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OBJECT_KEY_PATTERN } from './object-keys.js';
import { ObjectTooLargeError, type ObjectStorage } from './object-storage.js';
import type { UploadUrlSigner } from './upload-url-signer.js';

/** Where the browser PUTs a file when storage is local; answered by local-upload.routes.ts. */
export const LOCAL_UPLOAD_PATH_PREFIX = '/api/objects/uploads/';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/**
 * Objects as files under one folder (DATA_DIR/uploads). Keys are checked against the pattern of
 * the keys the server itself chooses, so no key can name a path outside the folder.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(
    readonly rootDir: string,
    readonly signer: UploadUrlSigner,
  ) {}

  /**
   * A root-relative URL: the browser resolves it against the page it is on, so the upload is
   * same-origin (cookies go along, no CORS) however the site is reached, the Vite dev proxy
   * included. docs/uploads.md explains why it is not prefixed with PUBLIC_URL.
   */
  async createUploadUrl(input: { key: string; grantId: string; expiresAt: Date }): Promise<string> {
    const expires = Math.floor(input.expiresAt.getTime() / 1000);
    const signature = this.signer.sign(input.grantId, expires);
    return `${LOCAL_UPLOAD_PATH_PREFIX}${input.grantId}?expires=${expires}&signature=${signature}`;
  }

  async readObject(key: string, maxBytes: number): Promise<Buffer | undefined> {
    const handle = await this.openFile(key);
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) throw new ObjectTooLargeError(`${key} is ${size} bytes`);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async writeObject(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async openObject(key: string) {
    const handle = await this.openFile(key);
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when done or destroyed.
      return { body: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private async openFile(key: string) {
    try {
      return await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private pathOf(key: string): string {
    if (!OBJECT_KEY_PATTERN.test(key)) throw new Error(`Refusing an object key the server did not choose: ${key}`);
    return path.join(this.rootDir, ...key.split('/'));
  }
}

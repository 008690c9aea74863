import path from 'node:path';
import type { AppConfig } from '../../config/env.js';
import { LocalObjectStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-storage.js';
import { UploadUrlSigner } from './upload-url-signer.js';

/** S3-compatible storage when S3_* is set, otherwise files under DATA_DIR/uploads (as the boot log says). */
export function createObjectStorage(config: Pick<AppConfig, 's3' | 'dataDir' | 'sessionSecret'>): ObjectStorage {
  if (config.s3) return new S3ObjectStorage(config.s3);
  return new LocalObjectStorage(path.join(config.dataDir, 'uploads'), new UploadUrlSigner(config.sessionSecret));
}

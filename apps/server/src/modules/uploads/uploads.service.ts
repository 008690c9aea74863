import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  UPLOAD_URLS_PER_HOUR,
  UUID_SOURCE,
  type PhotoClass,
} from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UploadGrant } from '../../db/schema/index.js';
import { unauthorized } from '../../lib/errors.js';
import { lockRateLimitKeys } from '../../db/rate-limit-lock.js';
import { assertAcceptedImage } from './image-processing.js';
import {
  contentTypeOfImageName,
  imageKeyOfName,
  incomingKey,
  isImageName,
  withoutQuery,
} from '../../lib/storage/object-keys.js';
import { LOCAL_UPLOAD_PATH_PREFIX } from '../../lib/storage/local-storage.js';
import { ObjectTooLargeError, type ObjectStorage } from '../../lib/storage/object-storage.js';
import { uploadErrors } from './upload-errors.js';
import type { PhotoClassifier } from '../../lib/photo-classifier/photo-classifier.js';
import { isModerator } from '../../plugins/moderators.js';
import { findPhotoReview } from './photo-reviews.repository.js';
import {
  claimGrantUpload,
  consumeUploadGrant,
  countUploadGrantsSince,
  deleteUploadGrantsCreatedBefore,
  findUploadGrant,
  findUploadGrantByUrl,
  insertUploadGrant,
  releaseGrantUpload,
} from './uploads.repository.js';

export interface UploadsDeps {
  db: Db;
  storage: ObjectStorage;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The image model every photo passes through (docs/trust-and-safety.md "Screening"). */
  photoClassifier: PhotoClassifier;
  photoHoldThresholds: Partial<Record<PhotoClass, number>>;
}

/** Who made a request, for the audit chain (the session id is hashed there). */
export interface RequestContext {
  clientIp: string;
  userAgent: string | null;
  sessionId: string | null;
}

const RATE_WINDOW_MS = 60 * 60 * 1000;

/** Removing an object that is no longer needed must not fail the request that made it so. */
export async function deleteQuietly(deps: Pick<UploadsDeps, 'storage' | 'log'>, key: string) {
  try {
    await deps.storage.deleteObject(key);
  } catch (err) {
    deps.log.warn({ err, key }, 'could not delete an object that is no longer needed');
  }
}

/**
 * POST /api/objects/upload: a signed, short-lived URL for one raw upload at a key the server
 * chose. Grants are counted per hour (docs/engineering.md §5 rate limits); ones older than the window are
 * long expired and go, with whatever was uploaded to them and never used.
 */
export async function createUploadUrl(deps: UploadsDeps, userId: string): Promise<{ uploadURL: string }> {
  const now = deps.now();
  const windowStart = new Date(now.getTime() - RATE_WINDOW_MS);
  const stale = await deleteUploadGrantsCreatedBefore(deps.db, userId, windowStart);
  await Promise.all(stale.map((grant) => deleteQuietly(deps, grant.objectKey)));

  const grantId = randomUUID();
  const objectKey = incomingKey(grantId);
  // Whole seconds, so the expiry in a local URL's query is exactly the stored one.
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS) * 1000);
  // Signing is local (no request to the storage), so it happens before the lock: a refused
  // request only discards a URL that leads nowhere without its grant row.
  const uploadURL = await deps.storage.createUploadUrl({ key: objectKey, grantId, expiresAt });
  // Counted and recorded under the member's rate-limit lock, so a burst cannot all pass on the
  // same count (docs/reliability.md, "Atomic rate limits").
  await deps.db.transaction(async (tx) => {
    await lockRateLimitKeys(tx, [`uploads:${userId}`]);
    if ((await countUploadGrantsSince(tx, userId, windowStart)) >= UPLOAD_URLS_PER_HOUR) {
      throw uploadErrors.tooManyUploads();
    }
    await insertUploadGrant(tx, {
      id: grantId,
      userId,
      objectKey,
      uploadUrl: withoutQuery(uploadURL),
      expiresAt,
      createdAt: now,
    });
  });
  return { uploadURL };
}

/**
 * The checks of PUT /api/objects/uploads/:grantId (local storage), made before the body is
 * read: the signature first (no database work for forged URLs), then the expiry it signs,
 * then who is asking.
 */
export async function authorizeLocalUpload(
  deps: UploadsDeps & { verify: (grantId: string, expires: unknown, signature: unknown) => Date | undefined },
  input: { userId: string | undefined; grantId: string; expires: unknown; signature: unknown },
): Promise<UploadGrant> {
  const signedExpiry = deps.verify(input.grantId, input.expires, input.signature);
  if (!signedExpiry) throw uploadErrors.urlInvalid();
  const now = deps.now();
  if (signedExpiry <= now) throw uploadErrors.urlExpired();
  if (!input.userId) throw unauthorized();
  const grant = await findUploadGrant(deps.db, input.grantId);
  if (!grant) throw uploadErrors.urlInvalid();
  if (grant.userId !== input.userId) throw uploadErrors.urlNotYours();
  if (grant.uploadedAt || grant.consumedAt) throw uploadErrors.urlUsed();
  if (grant.expiresAt <= now) throw uploadErrors.urlExpired();
  return grant;
}

/** Stores the raw bytes of an authorized local upload, once. Processing waits for PUT /api/profile/image. */
export async function receiveLocalUpload(deps: UploadsDeps, grant: UploadGrant, body: unknown): Promise<void> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw uploadErrors.notAnImage();
  if (body.length > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
  // Refused early, by the bytes, so nothing that is not an image is ever written.
  assertAcceptedImage(body);
  const now = deps.now();
  const claimed = await claimGrantUpload(deps.db, grant.id, now);
  if (!claimed) throw grant.expiresAt <= now ? uploadErrors.urlExpired() : uploadErrors.urlUsed();
  try {
    await deps.storage.writeObject(grant.objectKey, body, 'application/octet-stream');
  } catch (error) {
    await releaseGrantUpload(deps.db, grant.id);
    throw error;
  }
}

/** The stored form of an upload URL: no query, and root-relative for our own (local) upload URLs. */
export function toStoredUploadUrl(imageURL: string, publicUrl: string): string {
  const url = withoutQuery(imageURL.trim());
  return url.startsWith(`${publicUrl}${LOCAL_UPLOAD_PATH_PREFIX}`) ? url.slice(publicUrl.length) : url;
}

/**
 * The grant of an upload URL in its stored form (`toStoredUploadUrl`), for a module that turns an
 * upload into its own file (identity documents). Other modules read grants through this and
 * `useUpGrant`, never through uploads.repository.ts (docs/architecture.md, "Folders of the server").
 */
export function findGrantByUploadUrl(db: Db, storedUploadUrl: string) {
  return findUploadGrantByUrl(db, storedUploadUrl);
}

/**
 * Uses a grant up, once, in the caller's transaction (the one that stores what the upload became):
 * of two racing finalizations only one gets the row back.
 */
export function useUpGrant(tx: Db, grantId: string, now: Date) {
  return consumeUploadGrant(tx, grantId, now);
}

export async function readUpload(deps: UploadsDeps, grant: UploadGrant): Promise<Buffer> {
  let raw: Buffer | undefined;
  try {
    raw = await deps.storage.readObject(grant.objectKey, UPLOAD_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof ObjectTooLargeError)) throw error;
    await deleteQuietly(deps, grant.objectKey);
    throw uploadErrors.tooLarge();
  }
  if (raw) return raw;
  // A racing request may have used the grant up and removed the file since the grant was read.
  if ((await findUploadGrant(deps.db, grant.id))?.consumedAt) throw uploadErrors.urlUsed();
  // The storage enforced the expiry on the upload itself; late finalizing of a timely upload is fine.
  throw grant.expiresAt <= deps.now() ? uploadErrors.urlExpired() : uploadErrors.nothingUploaded();
}

const IMAGE_ID_OF_NAME = new RegExp(`^(${UUID_SOURCE})`);

/**
 * GET /api/objects/images/:name: a processed picture or photo variant, or undefined for any other
 * name. A photo the screening holds (docs/trust-and-safety.md "Screening") is served only to its
 * owner and moderators (`held`: never cached publicly); to anyone else it does not exist.
 */
export async function openProfileImage(
  deps: Pick<UploadsDeps, 'storage' | 'db'>,
  name: string,
  viewerId: string | undefined,
): Promise<{ body: Readable; size: number; contentType: string; held: boolean } | undefined> {
  if (!isImageName(name)) return undefined;
  const imageId = IMAGE_ID_OF_NAME.exec(name)?.[1]?.toLowerCase();
  const review = imageId ? await findPhotoReview(deps.db, imageId) : undefined;
  const held = review !== undefined && review.status !== 'approved';
  if (held) {
    const maySee = viewerId !== undefined && (viewerId === review.ownerId || (await isModerator(deps.db, viewerId)));
    if (!maySee) return undefined;
  }
  const image = await deps.storage.openObject(imageKeyOfName(name));
  return image && { ...image, contentType: contentTypeOfImageName(name), held };
}

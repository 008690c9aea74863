import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES, UPLOAD_URL_TTL_SECONDS, UPLOAD_URLS_PER_HOUR, type ProfileImageBody } from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UploadGrant } from '../../db/schema/index.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { presentCurrentUser } from '../users/users.presenter.js';
import { assertAcceptedImage, processProfileImage } from './image-processing.js';
import {
  imageKeyOfName,
  imageKeyOfServedPath,
  imageNameOf,
  incomingKey,
  isImageName,
  servedImagePath,
  withoutQuery,
} from './object-keys.js';
import { LOCAL_UPLOAD_PATH_PREFIX } from './storage/local-storage.js';
import { ObjectTooLargeError, type ObjectStorage } from './storage/object-storage.js';
import { uploadErrors } from './upload-errors.js';
import {
  claimGrantUpload,
  consumeUploadGrant,
  countUploadGrantsSince,
  deleteUploadGrantsCreatedBefore,
  findUploadGrant,
  findUploadGrantByUrl,
  insertUploadGrant,
  lockProfileImageUrl,
  releaseGrantUpload,
  updateProfileImageUrl,
} from './uploads.repository.js';

export interface UploadsDeps {
  db: Db;
  storage: ObjectStorage;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** Who made a request, for the audit chain (the session id is hashed there). */
export interface RequestContext {
  clientIp: string;
  userAgent: string | null;
  sessionId: string | null;
}

const RATE_WINDOW_MS = 60 * 60 * 1000;

/** Removing an object that is no longer needed must not fail the request that made it so. */
async function deleteQuietly(deps: UploadsDeps, key: string) {
  try {
    await deps.storage.deleteObject(key);
  } catch (err) {
    deps.log.warn({ err, key }, 'could not delete an object that is no longer needed');
  }
}

/**
 * POST /api/objects/upload: a signed, short-lived URL for one raw upload at a key the server
 * chose. Grants are counted per hour (GUIDE §5 rate limits); ones older than the window are
 * long expired and go, with whatever was uploaded to them and never used.
 */
export async function createUploadUrl(deps: UploadsDeps, userId: string): Promise<{ uploadURL: string }> {
  const now = deps.now();
  const windowStart = new Date(now.getTime() - RATE_WINDOW_MS);
  const stale = await deleteUploadGrantsCreatedBefore(deps.db, userId, windowStart);
  await Promise.all(stale.map((grant) => deleteQuietly(deps, grant.objectKey)));
  if ((await countUploadGrantsSince(deps.db, userId, windowStart)) >= UPLOAD_URLS_PER_HOUR) {
    throw uploadErrors.tooManyUploads();
  }

  const grantId = randomUUID();
  const objectKey = incomingKey(grantId);
  // Whole seconds, so the expiry in a local URL's query is exactly the stored one.
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS) * 1000);
  const uploadURL = await deps.storage.createUploadUrl({ key: objectKey, grantId, expiresAt });
  await insertUploadGrant(deps.db, {
    id: grantId,
    userId,
    objectKey,
    uploadUrl: withoutQuery(uploadURL),
    expiresAt,
    createdAt: now,
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

async function readUpload(deps: UploadsDeps, grant: UploadGrant): Promise<Buffer> {
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

/**
 * PUT /api/profile/image: makes an upload of this member their picture. The raw file is
 * processed into a fresh JPEG at a new key; the grant's consume UPDATE then decides, so of two
 * racing requests one sets the picture and the other removes its copy and is refused.
 */
export async function setProfileImage(
  deps: UploadsDeps,
  userId: string,
  body: ProfileImageBody,
  context: RequestContext,
) {
  const grant = await findUploadGrantByUrl(deps.db, toStoredUploadUrl(body.imageURL, deps.publicUrl));
  // One answer for unknown and someone else's, so grant URLs cannot be probed.
  if (!grant || grant.userId !== userId) throw uploadErrors.notYourUpload();
  if (grant.consumedAt) throw uploadErrors.urlUsed();

  const raw = await readUpload(deps, grant);
  let image;
  try {
    image = await processProfileImage(raw);
  } catch (error) {
    // A refused file is of no use to anyone; the member uploads again with a new URL.
    if (error instanceof AppError) await deleteQuietly(deps, grant.objectKey);
    throw error;
  }

  const imageId = randomUUID();
  const imageKey = imageKeyOfName(imageNameOf(imageId));
  await deps.storage.writeObject(imageKey, image.bytes, 'image/jpeg');
  let outcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      if (!(await consumeUploadGrant(tx, grant.id, now))) return undefined;
      const previous = await lockProfileImageUrl(tx, userId);
      const user = await updateProfileImageUrl(tx, userId, servedImagePath(imageId));
      if (!previous || !user) throw unauthorized();
      await recordAuditEvent(tx, {
        action: 'upload',
        outcome: 'success',
        resource: 'profile_image',
        resourceId: imageId,
        userId,
        details: { sourceType: image.sourceType, width: image.width, height: image.height, bytes: image.bytes.length },
        clientIp: context.clientIp,
        userAgent: context.userAgent,
        sessionId: context.sessionId,
        complianceLevel: 'ial1',
        at: now,
      });
      return { user, previousUrl: previous.profileImageUrl };
    });
  } catch (error) {
    await deleteQuietly(deps, imageKey);
    throw error;
  }
  if (!outcome) {
    await deleteQuietly(deps, imageKey);
    throw uploadErrors.urlUsed();
  }

  await deleteQuietly(deps, grant.objectKey);
  const previousKey = imageKeyOfServedPath(outcome.previousUrl);
  if (previousKey && previousKey !== imageKey) await deleteQuietly(deps, previousKey);
  return presentCurrentUser(outcome.user);
}

/** GET /api/objects/images/:name: a processed picture, or undefined for any other name. */
export async function openProfileImage(
  deps: Pick<UploadsDeps, 'storage'>,
  name: string,
): Promise<{ body: Readable; size: number } | undefined> {
  if (!isImageName(name)) return undefined;
  return deps.storage.openObject(imageKeyOfName(name));
}

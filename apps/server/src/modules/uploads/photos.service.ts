import { randomUUID } from 'node:crypto';
import {
  photoMainUrl,
  PROFILE_PHOTOS_MAX,
  type AuctionCoverResponse,
  type PhotoReviewKind,
  type ProfilePhotosResponse,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { AUCTION_NOT_FOUND, isAuctionId } from '../auctions/auctions.service.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { processPhoto, type ProcessedPhoto } from './image-processing.js';
import { screenPhoto, type PhotoScreening } from '../../lib/photo-classifier/photo-classifier.js';
import { deletePhotoReview, insertPhotoReview, withdrawHeldCovers } from './photo-reviews.repository.js';
import { photoIdOfServedPath, photoKeysOf, photoVariantKey } from '../../lib/storage/object-keys.js';
import {
  deleteProfilePhoto,
  insertProfilePhoto,
  listProfilePhotos,
  lockAuctionCover,
  lockMember,
  updateAuctionCover,
  writePhotoOrder,
} from './photos.repository.js';
import { photoErrors, uploadErrors } from './upload-errors.js';
import { consumeUploadGrant, findUploadGrantByUrl } from './uploads.repository.js';
import {
  deleteQuietly,
  readUpload,
  toStoredUploadUrl,
  type RequestContext,
  type UploadsDeps,
} from './uploads.service.js';

/** An upload processed into a new photo's files, not yet part of any profile or auction. */
interface StagedPhoto {
  photoId: string;
  url: string;
  grantId: string;
  grantKey: string;
  photo: ProcessedPhoto;
  /** The image model's verdict (docs/trust-and-safety.md "Screening"): a held photo is seen only by its owner. */
  screening: PhotoScreening;
}

/** The variant the image model reads: the 640 px JPEG (the model itself looks at 224 px). */
function classifiedVariantOf(photo: ProcessedPhoto) {
  return (
    photo.variants.find((variant) => variant.label === 640 && variant.format === 'jpg') ??
    photo.variants.find((variant) => variant.format === 'jpg') ??
    photo.variants[0]
  );
}

/**
 * Classifies a processed photo. A failure holds the photo for a moderator and the log says why;
 * nothing passes unclassified.
 */
async function screenProcessedPhoto(
  deps: UploadsDeps,
  photoId: string,
  photo: ProcessedPhoto,
): Promise<PhotoScreening> {
  const variant = classifiedVariantOf(photo);
  const screening = variant
    ? await screenPhoto(deps.photoClassifier, variant.bytes, deps.photoHoldThresholds)
    : { held: true, scores: null, flagged: [], failure: 'the photo has no variant to classify' };
  if (screening.failure) {
    deps.log.error(
      { photoId, failure: screening.failure },
      'photo classifier failed: the photo is held for a moderator',
    );
  } else if (screening.held) {
    deps.log.info({ photoId, flagged: screening.flagged, scores: screening.scores }, 'photo held by screening');
  }
  return screening;
}

/**
 * The first half of every "make this upload a photo" call: the grant must be the member's and
 * unused (one answer for unknown and someone else's, as for the profile picture), the file is
 * checked and processed into its variants, and the variants are written under a new photo id.
 */
async function stageUploadedPhoto(deps: UploadsDeps, userId: string, imageURL: string): Promise<StagedPhoto> {
  const grant = await findUploadGrantByUrl(deps.db, toStoredUploadUrl(imageURL, deps.publicUrl));
  if (!grant || grant.userId !== userId) throw uploadErrors.notYourUpload();
  if (grant.consumedAt) throw uploadErrors.urlUsed();
  const raw = await readUpload(deps, grant);
  let photo: ProcessedPhoto;
  try {
    photo = await processPhoto(raw);
  } catch (error) {
    if (error instanceof AppError) await deleteQuietly(deps, grant.objectKey);
    throw error;
  }
  const photoId = randomUUID();
  // The model reads the photo while its files are written.
  const screening = screenProcessedPhoto(deps, photoId, photo);
  try {
    for (const variant of photo.variants) {
      const contentType = variant.format === 'jpg' ? 'image/jpeg' : `image/${variant.format}`;
      await deps.storage.writeObject(
        photoVariantKey(photoId, variant.label, variant.format),
        variant.bytes,
        contentType,
      );
    }
  } catch (error) {
    await screening;
    await deletePhotoFiles(deps, photoId);
    throw error;
  }
  return {
    photoId,
    url: photoMainUrl(photoId),
    grantId: grant.id,
    grantKey: grant.objectKey,
    photo,
    screening: await screening,
  };
}

async function deletePhotoFiles(deps: Pick<UploadsDeps, 'storage' | 'log'>, photoId: string) {
  await Promise.all(photoKeysOf(photoId).map((key) => deleteQuietly(deps, key)));
}

/** Deletes the files of a stored picture URL when it is one of ours (a photo, with or without variants). */
export async function deletePictureFiles(deps: Pick<UploadsDeps, 'storage' | 'log'>, url: string | null) {
  const photoId = photoIdOfServedPath(url);
  if (photoId) await deletePhotoFiles(deps, photoId);
}

/**
 * The second half: inside one transaction the grant is used up (of two racing calls one wins),
 * the change is made and the upload is audited (sizes only, never a URL or pixel). Whatever
 * fails, the staged files go; on success the raw upload goes.
 */
async function commitStagedPhoto<T>(
  deps: UploadsDeps,
  staged: StagedPhoto,
  audit: { userId: string; resource: string; context: RequestContext },
  target: { kind: PhotoReviewKind; auctionId: string | null },
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  let result: { value: T } | undefined;
  try {
    result = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      if (!(await consumeUploadGrant(tx, staged.grantId, now))) return undefined;
      const value = await change(tx);
      if (staged.screening.held) {
        await insertPhotoReview(tx, {
          imageId: staged.photoId,
          ownerId: audit.userId,
          kind: target.kind,
          auctionId: target.auctionId,
          url: staged.url,
          scores: staged.screening.scores,
          failure: staged.screening.failure,
        });
      }
      const largest = staged.photo.variants.at(-1);
      await recordAuditEvent(tx, {
        action: 'upload',
        outcome: 'success',
        resource: audit.resource,
        resourceId: staged.photoId,
        userId: audit.userId,
        details: {
          sourceType: staged.photo.sourceType,
          width: staged.photo.width,
          height: staged.photo.height,
          bytes: largest?.bytes.length ?? 0,
          screening: staged.screening.held ? 'held' : 'passed',
        },
        clientIp: audit.context.clientIp,
        userAgent: audit.context.userAgent,
        sessionId: audit.context.sessionId,
        complianceLevel: 'ial1',
        at: now,
      });
      return { value };
    });
  } catch (error) {
    await deletePhotoFiles(deps, staged.photoId);
    throw error;
  }
  if (!result) {
    await deletePhotoFiles(deps, staged.photoId);
    throw uploadErrors.urlUsed();
  }
  await deleteQuietly(deps, staged.grantKey);
  return result.value;
}

const presentPhotos = (photos: readonly { id: string; url: string; inReview: boolean }[]): ProfilePhotosResponse => ({
  photos: photos.map(({ id, url, inReview }) => ({ id, url, inReview })),
});
const PROFILE_PHOTO = { kind: 'profile_photo', auctionId: null } as const;

/** GET /api/profile/photos */
export async function listPhotos(db: Db, userId: string): Promise<ProfilePhotosResponse> {
  return presentPhotos(await listProfilePhotos(db, userId));
}

/** POST /api/profile/photos: the upload becomes the member's last photo (their main one when it is the first). */
export async function addProfilePhoto(
  deps: UploadsDeps,
  userId: string,
  imageURL: string,
  context: RequestContext,
): Promise<ProfilePhotosResponse> {
  // Checked before the work of processing; checked again under the lock, where it decides.
  if ((await listProfilePhotos(deps.db, userId)).length >= PROFILE_PHOTOS_MAX) throw photoErrors.tooManyPhotos();
  const staged = await stageUploadedPhoto(deps, userId, imageURL);
  const audit = { userId, resource: 'profile_photo', context };
  const photos = await commitStagedPhoto(deps, staged, audit, PROFILE_PHOTO, async (tx) => {
    if (!(await lockMember(tx, userId))) throw unauthorized();
    const current = await listProfilePhotos(tx, userId);
    if (current.length >= PROFILE_PHOTOS_MAX) throw photoErrors.tooManyPhotos();
    await insertProfilePhoto(tx, { id: staged.photoId, userId, position: current.length, url: staged.url });
    const next = [...current, { id: staged.photoId, url: staged.url, inReview: staged.screening.held }];
    await writePhotoOrder(tx, userId, next);
    return next;
  });
  return presentPhotos(photos);
}

/**
 * PUT /api/profile/image (docs/product.md's single profile picture): the upload replaces the member's
 * main photo, the first; the other photos stay. Answers the current user, as before.
 */
export async function replaceMainPhoto(deps: UploadsDeps, userId: string, imageURL: string, context: RequestContext) {
  const staged = await stageUploadedPhoto(deps, userId, imageURL);
  const audit = { userId, resource: 'profile_image', context };
  const outcome = await commitStagedPhoto(deps, staged, audit, PROFILE_PHOTO, async (tx) => {
    if (!(await lockMember(tx, userId))) throw unauthorized();
    const [main, ...rest] = await listProfilePhotos(tx, userId);
    if (main) {
      await deleteProfilePhoto(tx, main.id);
      await deletePhotoReview(tx, main.id);
    }
    await insertProfilePhoto(tx, { id: staged.photoId, userId, position: 0, url: staged.url });
    const added = { id: staged.photoId, url: staged.url, inReview: staged.screening.held };
    const user = await writePhotoOrder(tx, userId, [added, ...rest]);
    if (!user) throw unauthorized();
    return { user, replacedUrl: main?.url ?? null };
  });
  if (outcome.replacedUrl) await deletePictureFiles(deps, outcome.replacedUrl);
  return outcome.user;
}

/** PUT /api/profile/photos/order: the member's own photo ids, each once; the first becomes the main one. */
export async function reorderProfilePhotos(
  db: Db,
  userId: string,
  photoIds: readonly string[],
): Promise<ProfilePhotosResponse> {
  const photos = await db.transaction(async (tx) => {
    if (!(await lockMember(tx, userId))) throw unauthorized();
    const current = await listProfilePhotos(tx, userId);
    const byId = new Map(current.map((photo) => [photo.id, photo]));
    const wanted = photoIds.map((id) => id.toLowerCase());
    const isPermutation = wanted.length === current.length && new Set(wanted).size === wanted.length;
    const next = wanted.map((id) => byId.get(id));
    if (!isPermutation || next.some((photo) => !photo)) throw photoErrors.orderMismatch();
    const ordered = next.filter((photo) => photo !== undefined);
    await writePhotoOrder(tx, userId, ordered);
    return ordered;
  });
  return presentPhotos(photos);
}

/** DELETE /api/profile/photos/:photoId: another member's photo is "not found", like an unknown one. */
export async function removeProfilePhoto(
  deps: Pick<UploadsDeps, 'db' | 'storage' | 'log'>,
  userId: string,
  photoId: string,
): Promise<ProfilePhotosResponse> {
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await lockMember(tx, userId))) throw unauthorized();
    const current = await listProfilePhotos(tx, userId);
    const removed = current.find((photo) => photo.id === photoId.toLowerCase());
    // Any other text, including a malformed id, names no photo of this member.
    if (!removed) throw photoErrors.photoNotFound();
    await deleteProfilePhoto(tx, removed.id);
    await deletePhotoReview(tx, removed.id);
    const rest = current.filter((photo) => photo.id !== removed.id);
    await writePhotoOrder(tx, userId, rest);
    return { rest, removed };
  });
  await deletePictureFiles(deps, outcome.removed.url);
  return presentPhotos(outcome.rest);
}

/** Only the host changes a cover; a hidden auction is "not found" to them as to everyone but moderators. */
async function lockOwnAuction(tx: Db, auctionId: string, userId: string) {
  if (!isAuctionId(auctionId)) throw notFound(AUCTION_NOT_FOUND);
  const auction = await lockAuctionCover(tx, auctionId.toLowerCase());
  if (!auction || auction.hiddenAt) throw notFound(AUCTION_NOT_FOUND);
  if (auction.creatorId !== userId) throw photoErrors.notYourAuction();
  return auction;
}

/** PUT /api/auctions/:id/cover: an upload of the host becomes the auction's cover, replacing any earlier one. */
export async function setAuctionCover(
  deps: UploadsDeps,
  userId: string,
  auctionId: string,
  imageURL: string,
  context: RequestContext,
): Promise<AuctionCoverResponse> {
  // Refused before any processing when the caller is not the host (checked again under the lock).
  await deps.db.transaction((tx) => lockOwnAuction(tx, auctionId, userId));
  const staged = await stageUploadedPhoto(deps, userId, imageURL);
  const id = auctionId.toLowerCase();
  const audit = { userId, resource: 'auction_cover', context };
  const target = { kind: 'auction_cover', auctionId: id } as const;
  const outcome = await commitStagedPhoto(deps, staged, audit, target, async (tx) => {
    const auction = await lockOwnAuction(tx, auctionId, userId);
    // The newest upload replaces a cover still held for a moderator.
    const withdrawn = await withdrawHeldCovers(tx, id);
    // A held cover waits beside the auction: everyone keeps seeing the current one until it is approved.
    if (staged.screening.held) return { withdrawn, replaced: null, coverImageUrl: auction.coverImageUrl };
    await updateAuctionCover(tx, id, staged.url);
    return { withdrawn, replaced: auction.coverImageUrl, coverImageUrl: staged.url };
  });
  await deletePictureFiles(deps, outcome.replaced);
  for (const imageId of outcome.withdrawn) await deletePhotoFiles(deps, imageId);
  return { coverImageUrl: outcome.coverImageUrl, heldCoverImageUrl: staged.screening.held ? staged.url : null };
}

/** DELETE /api/auctions/:id/cover: the auction shows its default picture again. */
export async function clearAuctionCover(
  deps: Pick<UploadsDeps, 'db' | 'storage' | 'log'>,
  userId: string,
  auctionId: string,
): Promise<AuctionCoverResponse> {
  const outcome = await deps.db.transaction(async (tx) => {
    const auction = await lockOwnAuction(tx, auctionId, userId);
    await updateAuctionCover(tx, auctionId.toLowerCase(), null);
    const withdrawn = await withdrawHeldCovers(tx, auctionId.toLowerCase());
    return { previous: auction.coverImageUrl, withdrawn };
  });
  await deletePictureFiles(deps, outcome.previous);
  for (const imageId of outcome.withdrawn) await deletePhotoFiles(deps, imageId);
  return { coverImageUrl: null, heldCoverImageUrl: null };
}

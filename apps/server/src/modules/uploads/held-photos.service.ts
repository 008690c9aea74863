import {
  HELD_ITEM_NOT_FOUND,
  HELD_PHOTO_APPROVED_TITLE,
  HELD_PHOTO_REJECTED_TITLE,
  heldPhotoApprovedMessage,
  heldPhotoRejectedMessage,
  isUuid,
  PHOTO_REVIEW_KIND_NAMES,
  type DecideHeldItem,
} from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import type { ObjectStorage } from '../../lib/storage/object-storage.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { notify } from '../notifications/notify.js';
import { decidePhotoReview } from './photo-reviews.repository.js';
import {
  deleteProfilePhoto,
  listProfilePhotos,
  lockAuctionCover,
  lockMember,
  updateAuctionCover,
  writePhotoOrder,
} from './photos.repository.js';
import { deletePictureFiles } from './photos.service.js';

/**
 * The moderators' decision on a photo the image model held (docs/trust-and-safety.md
 * "Screening"). It lives with the photos (their files and order); the queue that lists held photos
 * beside held listings and bios is the moderation module's.
 */

export interface HeldPhotoDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
}

/**
 * POST /api/moderation/held/photos/{imageId}/decide. Approve: the photo shows to everyone (a
 * profile photo takes its place in the member's order, and becomes the main picture when it is
 * first; a cover replaces the auction's current one). Reject: the photo is removed and its files
 * deleted. Either way the owner is told and the audit chain records it.
 */
export async function decideHeldPhoto(
  deps: HeldPhotoDeps,
  moderatorId: string,
  imageId: string,
  { decision, reasons }: DecideHeldItem,
): Promise<{ id: string; status: 'approved' | 'rejected' }> {
  if (!isUuid(imageId)) throw notFound(HELD_ITEM_NOT_FOUND);
  const id = imageId.toLowerCase();
  const approve = decision === 'approve';
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const review = await decidePhotoReview(tx, { imageId: id, approve, moderatorId, now });
    if (!review) throw notFound(HELD_ITEM_NOT_FOUND);
    let filesToDelete: string | null = approve ? null : review.url;
    if (review.kind === 'profile_photo') {
      if (!(await lockMember(tx, review.ownerId))) throw unauthorized();
      const current = await listProfilePhotos(tx, review.ownerId);
      // Re-read after the decision: an approved photo is no longer in review, a rejected one goes.
      if (!approve) await deleteProfilePhoto(tx, id);
      await writePhotoOrder(
        tx,
        review.ownerId,
        current.filter((photo) => approve || photo.id !== id),
      );
    } else if (review.auctionId && approve) {
      const auction = await lockAuctionCover(tx, review.auctionId);
      if (auction) {
        await updateAuctionCover(tx, review.auctionId, review.url);
        filesToDelete = auction.coverImageUrl;
      }
    }
    const what = PHOTO_REVIEW_KIND_NAMES[review.kind];
    await notify(tx, [
      {
        userId: review.ownerId,
        type: 'moderation_action',
        title: approve ? HELD_PHOTO_APPROVED_TITLE : HELD_PHOTO_REJECTED_TITLE,
        message: approve ? heldPhotoApprovedMessage(what) : heldPhotoRejectedMessage(what, reasons),
        relatedAuctionId: review.auctionId,
      },
    ]);
    // As for held text: 'verify' is the audit action closest to a moderator's checked decision.
    await recordAuditEvent(tx, {
      action: 'verify',
      outcome: 'success',
      resource: review.kind,
      resourceId: id,
      userId: moderatorId,
      details: { decision: `${decision}_photo`, source: 'screening' },
      complianceLevel: 'ial1',
      at: now,
    });
    return { ownerId: review.ownerId, filesToDelete };
  });
  await deletePictureFiles(deps, outcome.filesToDelete);
  return { id, status: approve ? 'approved' : 'rejected' };
}

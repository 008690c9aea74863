import type { PhotoReviewKind, PhotoScores } from '@bid/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { photoReviews } from '../../db/schema/index.js';

/** Photos the photo screening held (docs/trust-and-safety.md "Screening"), keyed by image id. */

export async function insertPhotoReview(
  db: Db,
  review: {
    imageId: string;
    ownerId: string;
    kind: PhotoReviewKind;
    auctionId: string | null;
    url: string;
    scores: PhotoScores | null;
    failure: string | null;
  },
) {
  await db.insert(photoReviews).values(review);
}

/** Who may see an image while it is held: its owner and its status (no row: not held, public). */
export async function findPhotoReview(db: Db, imageId: string) {
  const [row] = await db
    .select({ ownerId: photoReviews.ownerId, status: photoReviews.status })
    .from(photoReviews)
    .where(eq(photoReviews.imageId, imageId))
    .limit(1);
  return row;
}

/** Forgets the review of a photo that was deleted (it leaves the moderators' queue with it). */
export async function deletePhotoReview(db: Db, imageId: string) {
  await db.delete(photoReviews).where(eq(photoReviews.imageId, imageId));
}

/**
 * Withdraws the auction's held cover (a newer cover, or none, replaces it): the rows go and the
 * answer names the images whose files the caller deletes (photo_reviews_pending_auction_idx).
 */
export async function withdrawHeldCovers(db: Db, auctionId: string): Promise<string[]> {
  const rows = await db
    .delete(photoReviews)
    .where(and(eq(photoReviews.auctionId, auctionId), eq(photoReviews.status, 'pending')))
    .returning({ imageId: photoReviews.imageId });
  return rows.map((row) => row.imageId);
}

/** The auction's held cover, if any (its host sees it "In review"). */
export async function findHeldCoverUrl(db: Db, auctionId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: photoReviews.url })
    .from(photoReviews)
    .where(and(eq(photoReviews.auctionId, auctionId), eq(photoReviews.status, 'pending')))
    .orderBy(sql`${photoReviews.createdAt} DESC`)
    .limit(1);
  return row?.url ?? null;
}

/** Marks a held photo decided, only while it is still held; answers the review, or undefined. */
export async function decidePhotoReview(
  db: Db,
  input: { imageId: string; approve: boolean; moderatorId: string; now: Date },
) {
  const [row] = await db
    .update(photoReviews)
    .set({ status: input.approve ? 'approved' : 'rejected', decidedAt: input.now, decidedBy: input.moderatorId })
    .where(and(eq(photoReviews.imageId, input.imageId), eq(photoReviews.status, 'pending')))
    .returning();
  return row;
}

import type { PhotoReviewKind, PhotoScores, ScreeningReason } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, users, type Auction } from '../../db/schema/index.js';
import { rowsOf, timestampParam } from '../../db/sql-helpers.js';

/** Text the screening held for a moderator (docs/trust-and-safety.md "Screening"). */

export interface HeldAuctionRow {
  id: string;
  creator_id: string;
  first_name: string | null;
  last_name: string | null;
  title: string;
  description: string;
  payment_notes: string | null;
  location: string | null;
  review_reasons: ScreeningReason[] | string;
  held_at: string | Date;
}

export interface HeldBioRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  bio: string | null;
  bio_review_reasons: ScreeningReason[] | string;
  bio_review_since: string | Date;
}

/** Held listings, oldest first (auctions_review_pending_idx). */
export async function listHeldAuctions(db: Db, limit: number): Promise<HeldAuctionRow[]> {
  const result = await db.execute(sql`
    SELECT a.id, a.creator_id, u.first_name, u.last_name, a.title, a.description, a.payment_notes, a.location,
           a.review_reasons, COALESCE(a.hidden_at, a.created_at) AS held_at
    FROM auctions a JOIN users u ON u.id = a.creator_id
    WHERE a.review_status = 'pending'
    ORDER BY a.created_at, a.id
    LIMIT ${limit}
  `);
  return rowsOf<HeldAuctionRow>(result);
}

/** Held bios, oldest first. */
export async function listHeldBios(db: Db, limit: number): Promise<HeldBioRow[]> {
  const result = await db.execute(sql`
    SELECT id, first_name, last_name, bio, bio_review_reasons, bio_review_since
    FROM users
    WHERE bio_review_status = 'pending' AND deleted_at IS NULL
    ORDER BY bio_review_since, id
    LIMIT ${limit}
  `);
  return rowsOf<HeldBioRow>(result);
}

/**
 * Publishes a held listing, only while it is still held: visible and open again unless it was
 * cancelled or closed meanwhile. A host suspended meanwhile keeps it hidden, as their other open
 * auctions are, and lifting the suspension reopens it.
 */
export async function approveHeldAuction(db: Db, id: string, now: Date): Promise<Auction | undefined> {
  const at = timestampParam(now);
  const result = await db.execute(sql`
    UPDATE auctions a
    SET review_status = 'approved',
        review_reasons = '[]'::jsonb,
        hidden_at = CASE WHEN u.suspended_at IS NULL THEN NULL ELSE a.hidden_at END,
        hidden_by_suspension = u.suspended_at IS NOT NULL,
        is_active = u.suspended_at IS NULL AND a.closed_at IS NULL AND a.cancelled_at IS NULL,
        updated_at = ${at}
    FROM users u
    WHERE a.id = ${id}::uuid AND a.review_status = 'pending' AND u.id = a.creator_id
    RETURNING a.id
  `);
  if (rowsOf<{ id: string }>(result).length === 0) return undefined;
  const [auction] = await db
    .select()
    .from(auctions)
    .where(sql`${auctions.id} = ${id}::uuid`);
  return auction;
}

/** Refuses a held listing for good: it stays hidden and ends with no winner, as a cancelled one. */
export async function rejectHeldAuction(db: Db, id: string, now: Date): Promise<Auction | undefined> {
  const [auction] = await db
    .update(auctions)
    .set({
      reviewStatus: 'rejected',
      isActive: false,
      cancelledAt: sql`COALESCE(${auctions.cancelledAt}, ${timestampParam(now)})`,
      closedAt: sql`COALESCE(${auctions.closedAt}, ${timestampParam(now)})`,
      winnerId: null,
      updatedAt: now,
    })
    .where(sql`${auctions.id} = ${id}::uuid AND ${auctions.reviewStatus} = 'pending'`)
    .returning();
  return auction;
}

/** Approves a held bio (others see it again) or removes it; only while it is still held. */
export async function decideHeldBio(
  db: Db,
  input: { userId: string; approve: boolean },
): Promise<{ id: string; bio: string | null } | undefined> {
  const [row] = await db
    .update(users)
    .set({
      bioReviewStatus: 'approved',
      bioReviewReasons: [],
      bioReviewSince: null,
      ...(input.approve ? {} : { bio: null }),
    })
    .where(sql`${users.id} = ${input.userId}::uuid AND ${users.bioReviewStatus} = 'pending'`)
    .returning({ id: users.id, bio: users.bio });
  return row;
}

export interface HeldPhotoRow {
  image_id: string;
  owner_id: string;
  first_name: string | null;
  last_name: string | null;
  kind: PhotoReviewKind;
  auction_id: string | null;
  url: string;
  scores: PhotoScores | string | null;
  failure: string | null;
  created_at: string | Date;
}

/** Photos the image model held, oldest first (photo_reviews_pending_idx). */
export async function listHeldPhotos(db: Db, limit: number): Promise<HeldPhotoRow[]> {
  const result = await db.execute(sql`
    SELECT r.image_id, r.owner_id, u.first_name, u.last_name, r.kind, r.auction_id, r.url, r.scores, r.failure,
           r.created_at
    FROM photo_reviews r JOIN users u ON u.id = r.owner_id
    WHERE r.status = 'pending'
    ORDER BY r.created_at, r.image_id
    LIMIT ${limit}
  `);
  return rowsOf<HeldPhotoRow>(result);
}

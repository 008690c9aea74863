import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, profilePhotos, users } from '../../db/schema/index.js';
import { auctionBriefColumns } from '../../db/card-columns.js';

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * A member's photos in their order (profile_photos_user_position_idx), without those the photo
 * screening holds: they show to nobody else (docs/trust-and-safety.md "Screening").
 */
export async function listPhotoUrls(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ url: profilePhotos.url })
    .from(profilePhotos)
    .where(
      and(
        eq(profilePhotos.userId, userId),
        sql`NOT EXISTS (SELECT 1 FROM photo_reviews r WHERE r.image_id = ${profilePhotos.id} AND r.status <> 'approved')`,
      ),
    )
    .orderBy(asc(profilePhotos.position));
  return rows.map((row) => row.url);
}

/** A member's open auctions, ending soonest first (auctions_creator_idx finds the member's few). */
export async function listOpenAuctionsOf(db: Db, creatorId: string, now: Date, limit: number) {
  return db
    .select(auctionBriefColumns)
    .from(auctions)
    .where(
      and(
        eq(auctions.creatorId, creatorId),
        eq(auctions.isActive, true),
        isNull(auctions.closedAt),
        isNull(auctions.hiddenAt),
        gt(auctions.endTime, now),
      ),
    )
    .orderBy(asc(auctions.endTime), asc(auctions.id))
    .limit(limit);
}

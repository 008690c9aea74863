import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, profilePhotos, users } from '../../db/schema/index.js';

/** A photo held by the photo screening and not approved yet (docs/trust-and-safety.md "Screening"). */
export const PHOTO_IN_REVIEW_SQL = sql<boolean>`EXISTS (
  SELECT 1 FROM photo_reviews r WHERE r.image_id = ${profilePhotos.id} AND r.status <> 'approved'
)`;

/** A member's photos in order; the first is the main one. `inReview`: held, seen only by the member. */
export function listProfilePhotos(db: Db, userId: string) {
  return db
    .select({
      id: profilePhotos.id,
      url: profilePhotos.url,
      position: profilePhotos.position,
      inReview: PHOTO_IN_REVIEW_SQL,
    })
    .from(profilePhotos)
    .where(eq(profilePhotos.userId, userId))
    .orderBy(asc(profilePhotos.position), asc(profilePhotos.createdAt));
}

/** Locks the member's row until the transaction ends, so two photo changes of one member queue up. */
export async function lockMember(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function insertProfilePhoto(db: Db, photo: { id: string; userId: string; position: number; url: string }) {
  await db.insert(profilePhotos).values(photo);
}

export async function deleteProfilePhoto(db: Db, photoId: string) {
  await db.delete(profilePhotos).where(eq(profilePhotos.id, photoId));
}

/**
 * Writes the given order (positions 0…n-1) and mirrors the first photo that is not in review into
 * `users.profile_image_url`, which every existing response shows as the profile picture: so a held
 * photo reaches no card, message, auction page or preview (docs/trust-and-safety.md "Screening").
 */
export async function writePhotoOrder(
  db: Db,
  userId: string,
  photos: readonly { id: string; url: string; inReview: boolean }[],
) {
  for (const [position, photo] of photos.entries()) {
    await db.update(profilePhotos).set({ position }).where(eq(profilePhotos.id, photo.id));
  }
  const [user] = await db
    .update(users)
    .set({ profileImageUrl: photos.find((photo) => !photo.inReview)?.url ?? null })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** The auction's host and cover, locked until the transaction ends. */
export async function lockAuctionCover(db: Db, auctionId: string) {
  const [row] = await db
    .select({ creatorId: auctions.creatorId, coverImageUrl: auctions.coverImageUrl, hiddenAt: auctions.hiddenAt })
    .from(auctions)
    .where(eq(auctions.id, auctionId))
    .for('update');
  return row;
}

export async function updateAuctionCover(db: Db, auctionId: string, coverImageUrl: string | null) {
  await db.update(auctions).set({ coverImageUrl }).where(eq(auctions.id, auctionId));
}

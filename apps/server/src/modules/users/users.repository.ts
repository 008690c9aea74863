import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { profilePhotos, users } from '../../db/schema/index.js';

export async function findUserById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** A member's photos in their order (profile_photos_user_position_idx). */
export async function listPhotoUrls(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ url: profilePhotos.url })
    .from(profilePhotos)
    .where(eq(profilePhotos.userId, userId))
    .orderBy(asc(profilePhotos.position));
  return rows.map((row) => row.url);
}

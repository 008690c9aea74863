import { and, count, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploadGrants } from '../../db/schema/index.js';

export async function insertUploadGrant(db: Db, grant: typeof uploadGrants.$inferInsert) {
  await db.insert(uploadGrants).values(grant);
}

export async function findUploadGrant(db: Db, id: string) {
  const [grant] = await db.select().from(uploadGrants).where(eq(uploadGrants.id, id)).limit(1);
  return grant;
}

export async function findUploadGrantByUrl(db: Db, uploadUrl: string) {
  const [grant] = await db.select().from(uploadGrants).where(eq(uploadGrants.uploadUrl, uploadUrl)).limit(1);
  return grant;
}

export async function countUploadGrantsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploadGrants)
    .where(and(eq(uploadGrants.userId, userId), gte(uploadGrants.createdAt, since)));
  return row?.n ?? 0;
}

/** Removes a member's grants created before `before`, answering their object keys. */
export async function deleteUploadGrantsCreatedBefore(db: Db, userId: string, before: Date) {
  return db
    .delete(uploadGrants)
    .where(and(eq(uploadGrants.userId, userId), lt(uploadGrants.createdAt, before)))
    .returning({ objectKey: uploadGrants.objectKey });
}

/**
 * Marks a grant's upload as received, once: of two racing uploads only one gets the row back,
 * and none does after the expiry.
 */
export async function claimGrantUpload(db: Db, id: string, now: Date) {
  const [grant] = await db
    .update(uploadGrants)
    .set({ uploadedAt: now })
    .where(and(eq(uploadGrants.id, id), isNull(uploadGrants.uploadedAt), gt(uploadGrants.expiresAt, now)))
    .returning();
  return grant;
}

/** Undoes `claimGrantUpload` when the bytes could not be stored, so the member may try again. */
export async function releaseGrantUpload(db: Db, id: string) {
  await db.update(uploadGrants).set({ uploadedAt: null }).where(eq(uploadGrants.id, id));
}

/** Uses a grant up, once: of two racing finalizations only one gets the row back. */
export async function consumeUploadGrant(db: Db, id: string, now: Date) {
  const [grant] = await db
    .update(uploadGrants)
    .set({ consumedAt: now })
    .where(and(eq(uploadGrants.id, id), isNull(uploadGrants.consumedAt)))
    .returning();
  return grant;
}

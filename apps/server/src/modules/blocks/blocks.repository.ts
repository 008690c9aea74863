import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, users } from '../../db/schema/index.js';
import { memberCardColumns } from '../../db/card-columns.js';

/**
 * Blocks (docs/trust-and-safety.md): stored one way (blocker → blocked), enforced both ways.
 */

export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return row !== undefined;
}

export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/** The member to block, whatever the account's state (the service refuses a deleted one). */
export async function findMemberToBlock(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Inserts the block unless it exists; answers when it was made. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<Date> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
  const [row] = await db
    .select({ createdAt: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return row!.createdAt;
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

/** The members `blockerId` has blocked, most recent first. */
export function listBlockedMembers(db: Db, blockerId: string) {
  return db
    .select({ ...memberCardColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(500);
}

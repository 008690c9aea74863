import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, users } from '../../db/schema/index.js';

/**
 * Blocks (docs/trust-and-safety.md): stored one way (blocker → blocked), enforced both ways.
 */

/**
 * SQL true when `viewerId` and the member in `otherUserColumn` are kept apart by a block in
 * either direction. Two primary-key probes: (viewer, other) and (other, viewer).
 */
export function isBlockedBetweenSql(viewerId: SQL | string, otherUserColumn: SQL): SQL<boolean> {
  const viewer = typeof viewerId === 'string' ? sql`${viewerId}::uuid` : viewerId;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${blocks}
    WHERE (${blocks.blockerId} = ${viewer} AND ${blocks.blockedId} = ${otherUserColumn})
       OR (${blocks.blockerId} = ${otherUserColumn} AND ${blocks.blockedId} = ${viewer}))`;
}

/**
 * SQL true when the member in `userColumn` is not kept apart from `viewerId`: the ids on either
 * side of the viewer's blocks are read once (a hashed subplan), not probed per row.
 */
export function isNotBlockedWithSql(viewerId: SQL, userColumn: SQL): SQL<boolean> {
  return sql<boolean>`${userColumn} NOT IN (
    SELECT ${blocks.blockedId} FROM ${blocks} WHERE ${blocks.blockerId} = ${viewerId}
    UNION ALL
    SELECT ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${viewerId})`;
}

/**
 * The same as `isNotBlockedWithSql`, checked row by row with two primary-key probes, for queries
 * that already hold a small set of candidate rows (search): there a `NOT IN` subquery, estimated
 * to remove half of the table, turned PostgreSQL from looking the candidates up by id to reading
 * the whole table (docs/performance.md).
 */
export function isNotBlockedPerRowSql(viewerId: SQL, userColumn: SQL): SQL<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM ${blocks}
      WHERE ${blocks.blockerId} = ${viewerId} AND ${blocks.blockedId} = ${userColumn})
    AND NOT EXISTS (SELECT 1 FROM ${blocks}
      WHERE ${blocks.blockerId} = ${userColumn} AND ${blocks.blockedId} = ${viewerId})`;
}

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
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(500);
}

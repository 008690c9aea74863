import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, auctionWatches, memberReputations, users } from '../../db/schema/index.js';
import { hostCardColumns } from '../../db/card-columns.js';
import { reputationColumns } from '../feedback/reputation.js';
import { isNotBlockedWithSql } from '../blocks/block-filters.js';

/** The most auctions GET /api/watchlist answers with. */
export const WATCHLIST_LIMIT = 100;

/**
 * Watches an auction, idempotently: the watch row and the auction's `watcher_count` change in one
 * statement, and only when the row is new, so the count stays the number of rows.
 */
export async function insertWatch(db: Db, userId: string, auctionId: string): Promise<void> {
  await db.execute(sql`
    WITH added AS (
      INSERT INTO auction_watches (user_id, auction_id) VALUES (${userId}::uuid, ${auctionId}::uuid)
      ON CONFLICT DO NOTHING
      RETURNING auction_id
    )
    UPDATE auctions SET watcher_count = watcher_count + 1 WHERE id IN (SELECT auction_id FROM added)`);
}

/** Stops watching, idempotently (the count drops only when a row went). */
export async function deleteWatch(db: Db, userId: string, auctionId: string): Promise<void> {
  await db.execute(sql`
    WITH removed AS (
      DELETE FROM auction_watches WHERE user_id = ${userId}::uuid AND auction_id = ${auctionId}::uuid
      RETURNING auction_id
    )
    UPDATE auctions SET watcher_count = GREATEST(watcher_count - 1, 0) WHERE id IN (SELECT auction_id FROM removed)`);
}

/**
 * The member's watched auctions with their hosts' names: open ones first (soonest end first),
 * then the rest (latest end first). Hidden auctions and auctions of a member either side blocked
 * are left out, as in every other list (docs/trust-and-safety.md).
 */
export function listWatchedAuctions(db: Db, userId: string, now: Date) {
  const open = sql`(${auctions.isActive} AND ${auctions.closedAt} IS NULL AND ${auctions.endTime} > ${now.toISOString()}::timestamptz)`;
  return db
    .select({
      auction: auctions,
      creator: { ...hostCardColumns, ...reputationColumns },
    })
    .from(auctionWatches)
    .innerJoin(auctions, eq(auctions.id, auctionWatches.auctionId))
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .leftJoin(memberReputations, eq(memberReputations.userId, auctions.creatorId))
    .where(
      and(
        eq(auctionWatches.userId, userId),
        isNull(auctions.hiddenAt),
        isNotBlockedWithSql(sql`${userId}::uuid`, sql`${auctions.creatorId}`),
      ),
    )
    .orderBy(
      sql`${open} DESC`,
      sql`CASE WHEN ${open} THEN ${auctions.endTime} END ASC`,
      desc(auctions.endTime),
      asc(auctions.id),
    )
    .limit(WATCHLIST_LIMIT);
}

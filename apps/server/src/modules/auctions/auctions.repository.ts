import { and, count, countDistinct, desc, eq, gt, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, bids, memberReputations, users, type NewAuction } from '../../db/schema/index.js';
import { hostCardColumns } from '../../db/card-columns.js';
import { hostScoreAtCreationSql } from '../feedback/host-score.js';
import { reputationColumns } from '../feedback/reputation.js';

/** Upper bound on one profile list. */
const PROFILE_LIST_LIMIT = 100;

export function listAuctionsByCreator(db: Db, creatorId: string) {
  return db
    .select()
    .from(auctions)
    .where(eq(auctions.creatorId, creatorId))
    .orderBy(desc(auctions.createdAt), desc(auctions.id))
    .limit(PROFILE_LIST_LIMIT);
}

export function listBidsByBidder(db: Db, bidderId: string) {
  return db
    .select({
      id: bids.id,
      auctionId: bids.auctionId,
      amount: bids.amount,
      createdAt: bids.createdAt,
      auction: {
        title: auctions.title,
        currentBid: auctions.currentBid,
        isActive: auctions.isActive,
        endTime: auctions.endTime,
        winnerId: auctions.winnerId,
        cancelledAt: auctions.cancelledAt,
        // The row's picture (docs/uploads.md's rule: the cover, the host's photo, the drawing).
        dateType: auctions.dateType,
        coverImageUrl: auctions.coverImageUrl,
        creatorImageUrl: users.profileImageUrl,
      },
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .where(eq(bids.bidderId, bidderId))
    .orderBy(desc(bids.createdAt), desc(bids.id))
    .limit(PROFILE_LIST_LIMIT);
}

// The open-auction list (home feed and browse) has its own file: it is the busiest query.
export { listOpenAuctions, listOpenAuctionsQuery, type OpenAuctionFilter } from './open-auctions.query.js';

export async function findAuctionById(db: Db, id: string) {
  const [auction] = await db.select().from(auctions).where(eq(auctions.id, id)).limit(1);
  return auction;
}

export async function findAuctionWithCreator(db: Db, id: string) {
  const [row] = await db
    .select({
      auction: auctions,
      creator: { ...hostCardColumns, age: users.age, location: users.location, ...reputationColumns },
    })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .leftJoin(memberReputations, eq(memberReputations.userId, auctions.creatorId))
    .where(eq(auctions.id, id))
    .limit(1);
  return row;
}

/**
 * The latest bids of an auction that still count (not voided), newest first, with each bidder's
 * names for "Ada L." (never a maximum: those are private).
 */
export function listRecentBids(db: Db, auctionId: string, limit: number) {
  return db
    .select({
      id: bids.id,
      amount: bids.amount,
      createdAt: bids.createdAt,
      isAutomatic: bids.isAutomatic,
      bidder: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(and(eq(bids.auctionId, auctionId), isNull(bids.voidedAt)))
    .orderBy(desc(bids.createdAt), desc(bids.id))
    .limit(limit);
}

export async function countBidders(db: Db, auctionId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(bids.bidderId) })
    .from(bids)
    .where(and(eq(bids.auctionId, auctionId), isNull(bids.voidedAt)));
  return Number(row?.n ?? 0);
}

export async function countBids(db: Db, auctionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bids).where(eq(bids.auctionId, auctionId));
  return Number(row?.n ?? 0);
}

/** Everyone who has bid on an auction, once each (they hear about edits and cancellation). */
export async function listBidderIds(db: Db, auctionId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ bidderId: bids.bidderId }).from(bids).where(eq(bids.auctionId, auctionId));
  return rows.map((row) => row.bidderId);
}

export async function insertAuction(db: Db, values: NewAuction) {
  // The host's place in "Best hosts" (docs/the-date.md) from their reputation at creation.
  const [auction] = await db
    .insert(auctions)
    .values({ ...values, hostScore: hostScoreAtCreationSql(values.creatorId) })
    .returning();
  if (!auction) throw new Error('insert into auctions returned no row');
  return auction;
}

/** The conditions under which the owner may still change an auction: theirs, active, not ended. */
function isOpenAndOwnedBy(id: string, ownerId: string, now: Date): SQL {
  return and(
    eq(auctions.id, id),
    eq(auctions.creatorId, ownerId),
    eq(auctions.isActive, true),
    gt(auctions.endTime, now),
    isNull(auctions.closedAt),
  )!;
}

export type AuctionEdit = Partial<
  Pick<
    NewAuction,
    | 'title'
    | 'description'
    | 'location'
    | 'latitude'
    | 'longitude'
    | 'buyNowPrice'
    | 'reservePrice'
    // An edit the screening held takes the listing back into review.
    | 'hiddenAt'
    | 'isActive'
    | 'reviewStatus'
    | 'reviewReasons'
  >
>;

/**
 * Applies an owner's edit in one conditional statement: it happens only while the auction
 * is still open and, when a buy-now price is set, only while it stays above the current bid
 * (a bid racing the edit cannot slip past it). Undefined when the conditions no longer hold.
 */
export async function updateOpenAuction(
  db: Db,
  input: {
    id: string;
    ownerId: string;
    now: Date;
    patch: AuctionEdit;
    /** The edit raises (or sets) the reserve price: allowed only while nobody has bid. */
    raisesReserve?: boolean;
  },
) {
  const conditions = [isOpenAndOwnedBy(input.id, input.ownerId, input.now)];
  if (input.patch.buyNowPrice) conditions.push(lt(auctions.currentBid, input.patch.buyNowPrice));
  if (input.raisesReserve) conditions.push(eq(auctions.bidCount, 0));
  const [auction] = await db
    .update(auctions)
    .set({ ...input.patch, updatedAt: input.now })
    .where(and(...conditions))
    .returning();
  return auction;
}

/** Cancels an open auction for good (no winner); undefined when it was no longer open. */
export async function cancelOpenAuction(db: Db, input: { id: string; ownerId: string; now: Date }) {
  const [auction] = await db
    .update(auctions)
    .set({
      isActive: false,
      cancelledAt: input.now,
      closedAt: input.now,
      winnerId: null,
      updatedAt: input.now,
    })
    .where(isOpenAndOwnedBy(input.id, input.ownerId, input.now))
    .returning();
  return auction;
}

/**
 * The viewer's highest bid on each of `auctionIds` they bid on (their standing, docs/web-app.md
 * "Where you stand"): one grouped read over the bidder's index, only for the ids asked.
 */
export async function findViewerHighestBids(
  db: Db,
  viewerId: string,
  auctionIds: readonly string[],
): Promise<Map<string, string>> {
  if (auctionIds.length === 0) return new Map();
  const rows = await db
    .select({ auctionId: bids.auctionId, highest: max(bids.amount) })
    .from(bids)
    .where(and(eq(bids.bidderId, viewerId), inArray(bids.auctionId, [...auctionIds])))
    .groupBy(bids.auctionId);
  return new Map(rows.flatMap((row) => (row.highest === null ? [] : [[row.auctionId, row.highest] as const])));
}

export async function isWatching(db: Db, userId: string, auctionId: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM auction_watches WHERE user_id = ${userId}::uuid AND auction_id = ${auctionId}::uuid)
      AS watching`);
  return (result as { rows: { watching: boolean }[] }).rows[0]?.watching === true;
}

/**
 * After the host lowered the reserve to or below the leader's maximum while the price was below
 * it: the price goes to the new reserve, as an automatic bid of the leader (the reserve rule,
 * docs/auctions.md "Reserve price", as `place_bids` applies it to a bid). One statement under the
 * row's lock, so it cannot interleave with a bid. The leader and the new price, or undefined when
 * nothing moved.
 */
export async function liftPriceToReserve(
  db: Db,
  input: { id: string; now: Date },
): Promise<{ leaderId: string; currentBid: string; bidCount: number; endTime: Date } | undefined> {
  const result = await db.execute(sql`
    WITH lifted AS (
      UPDATE auctions
      SET current_bid = reserve_price, bid_count = bid_count + 1, updated_at = ${input.now.toISOString()}::timestamptz
      WHERE id = ${input.id}::uuid AND reserve_price IS NOT NULL AND bid_count > 0 AND leader_id IS NOT NULL
        AND leader_max >= reserve_price AND current_bid < reserve_price
      RETURNING id, leader_id, reserve_price, bid_count, end_time
    ), stored AS (
      INSERT INTO bids (auction_id, bidder_id, amount, is_automatic, created_at)
      SELECT id, leader_id, reserve_price, true, clock_timestamp() FROM lifted
      RETURNING id
    )
    SELECT lifted.leader_id, lifted.reserve_price::text AS current_bid, lifted.bid_count, lifted.end_time
    FROM lifted, stored`);
  const [row] = (
    result as {
      rows: { leader_id: string; current_bid: string; bid_count: number | string; end_time: Date | string }[];
    }
  ).rows;
  if (!row) return undefined;
  return {
    leaderId: row.leader_id,
    currentBid: row.current_bid,
    bidCount: Number(row.bid_count),
    endTime: new Date(row.end_time),
  };
}

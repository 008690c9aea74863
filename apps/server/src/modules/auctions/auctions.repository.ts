import type { AuctionSort, DateType } from '@bid/contract';
import { and, asc, count, countDistinct, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, bids, users, type NewAuction } from '../../db/schema/index.js';
import { EARTH_RADIUS_MILES, type BoundingBox, type Coordinates } from '../../lib/geo.js';

/** Upper bound on one profile list. */
const PROFILE_LIST_LIMIT = 100;

const creatorNames = { id: users.id, firstName: users.firstName, lastName: users.lastName };

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
      },
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .where(eq(bids.bidderId, bidderId))
    .orderBy(desc(bids.createdAt), desc(bids.id))
    .limit(PROFILE_LIST_LIMIT);
}

export interface OpenAuctionFilter {
  now: Date;
  dateType?: DateType | undefined;
  /** Current bid range in money strings, lower inclusive, upper exclusive. */
  minBid?: string | undefined;
  maxBid?: string | undefined;
  near?: { center: Coordinates; miles: number; box: BoundingBox } | undefined;
  sortBy: AuctionSort;
  limit: number;
  offset: number;
}

/**
 * Each sort ends with the id so that pages never repeat or skip a card between two equal
 * keys; the leading key matches one of the partial `is_active` indexes. `bid_count` is sorted
 * NULLS LAST because its index is declared so: a plain DESC means NULLS FIRST, which the planner
 * cannot serve from that index (NOT NULL does not count), and then it sorted every open auction
 * (docs/performance.md).
 */
const SORT_ORDERS: Record<AuctionSort, SQL[]> = {
  'ending-soon': [asc(auctions.endTime), asc(auctions.id)],
  'most-popular': [sql`${auctions.bidCount} desc nulls last`, asc(auctions.endTime), asc(auctions.id)],
  newest: [desc(auctions.createdAt), desc(auctions.id)],
  'price-low': [asc(auctions.currentBid), asc(auctions.endTime), asc(auctions.id)],
  'price-high': [desc(auctions.currentBid), asc(auctions.endTime), asc(auctions.id)],
};

/** Great-circle miles from a point to the auction, in SQL (the same formula as lib/geo.ts). */
function distanceFromSql(center: Coordinates): SQL {
  const lat = sql`${center.latitude}::float8`;
  const lon = sql`${center.longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${auctions.latitude}::float8 - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${auctions.latitude}::float8))
      * power(sin(radians(${auctions.longitude}::float8 - ${lon}) / 2), 2)))))`;
}

/**
 * One page of open auctions with their creators' names, in one query. Returns up to
 * `limit` rows as asked; callers ask for one more than they show to learn if more exist.
 */
export function listOpenAuctions(db: Db, filter: OpenAuctionFilter) {
  const conditions: SQL[] = [eq(auctions.isActive, true), gt(auctions.endTime, filter.now)];
  if (filter.dateType) conditions.push(eq(auctions.dateType, filter.dateType));
  if (filter.minBid !== undefined) conditions.push(gte(auctions.currentBid, filter.minBid));
  if (filter.maxBid !== undefined) conditions.push(lt(auctions.currentBid, filter.maxBid));
  if (filter.near) {
    const { box, center, miles } = filter.near;
    // The box lets the (latitude, longitude) index prefilter; the haversine is the exact rule.
    conditions.push(sql`${auctions.latitude} BETWEEN ${box.minLatitude} AND ${box.maxLatitude}`);
    if (box.minLongitude !== undefined && box.maxLongitude !== undefined) {
      conditions.push(sql`${auctions.longitude} BETWEEN ${box.minLongitude} AND ${box.maxLongitude}`);
    }
    conditions.push(sql`${distanceFromSql(center)} <= ${miles}::float8`);
  }
  // The page is chosen first and only its rows are joined to their creators: when the order
  // cannot come from an index (a dense distance filter, many equal prices) the sort reads
  // thousands of rows, and joining each of them first cost more than the sort (docs/performance.md).
  const page = db
    .select({ id: auctions.id })
    .from(auctions)
    .where(and(...conditions))
    .orderBy(...SORT_ORDERS[filter.sortBy])
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  return db
    .select({ auction: auctions, creator: creatorNames })
    .from(auctions)
    .innerJoin(page, eq(page.id, auctions.id))
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .orderBy(...SORT_ORDERS[filter.sortBy]);
}

export async function findAuctionById(db: Db, id: string) {
  const [auction] = await db.select().from(auctions).where(eq(auctions.id, id)).limit(1);
  return auction;
}

export async function findAuctionWithCreator(db: Db, id: string) {
  const [row] = await db
    .select({
      auction: auctions,
      creator: { ...creatorNames, age: users.age, profileImageUrl: users.profileImageUrl, location: users.location },
    })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .where(eq(auctions.id, id))
    .limit(1);
  return row;
}

/** The latest bids of an auction, newest first, with each bidder's first name only. */
export function listRecentBids(db: Db, auctionId: string, limit: number) {
  return db
    .select({
      id: bids.id,
      amount: bids.amount,
      createdAt: bids.createdAt,
      bidder: { id: users.id, firstName: users.firstName },
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.bidderId))
    .where(eq(bids.auctionId, auctionId))
    .orderBy(desc(bids.createdAt), desc(bids.amount))
    .limit(limit);
}

export async function countBidders(db: Db, auctionId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(bids.bidderId) })
    .from(bids)
    .where(eq(bids.auctionId, auctionId));
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
  const [auction] = await db.insert(auctions).values(values).returning();
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
  Pick<NewAuction, 'title' | 'description' | 'location' | 'latitude' | 'longitude' | 'buyNowPrice'>
>;

/**
 * Applies an owner's edit in one conditional statement: it happens only while the auction
 * is still open and, when a buy-now price is set, only while it stays above the current bid
 * (a bid racing the edit cannot slip past it). Undefined when the conditions no longer hold.
 */
export async function updateOpenAuction(db: Db, input: { id: string; ownerId: string; now: Date; patch: AuctionEdit }) {
  const conditions = [isOpenAndOwnedBy(input.id, input.ownerId, input.now)];
  if (input.patch.buyNowPrice) conditions.push(lt(auctions.currentBid, input.patch.buyNowPrice));
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

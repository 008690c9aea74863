import type { AuctionSort, DateType } from '@bid/contract';
import { and, asc, desc, eq, gt, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, users } from '../../db/schema/index.js';
import { EARTH_RADIUS_MILES, type BoundingBox, type Coordinates } from '../../lib/geo.js';
import { isNotBlockedWithSql } from '../blocks/blocks.repository.js';

/** The home feed and public browse list (docs/auctions.md), the busiest query of the app. */

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
  /** The signed-in viewer: members kept apart from them by a block are left out (docs/trust-and-safety.md). */
  viewerId?: string | undefined;
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

const creatorNames = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  identityVerificationStatus: users.identityVerificationStatus,
  profileImageUrl: users.profileImageUrl,
};

/** A value of the statement: the filter's own, or a placeholder filled in at execution. */
type Bound<T> = T | Placeholder;

interface PageValues {
  now: Bound<Date>;
  dateType?: Bound<DateType> | undefined;
  minBid?: Bound<string> | undefined;
  maxBid?: Bound<string> | undefined;
  near?:
    | {
        latitude: Bound<number>;
        longitude: Bound<number>;
        miles: Bound<number>;
        minLatitude: Bound<number>;
        maxLatitude: Bound<number>;
        /** Absent near a pole, where every longitude is within reach. */
        longitudes?: { min: Bound<number>; max: Bound<number> } | undefined;
      }
    | undefined;
  sortBy: AuctionSort;
  limit: Bound<number>;
  offset: Bound<number>;
  viewerId?: Bound<string> | undefined;
}

/** Great-circle miles from a point to the auction, in SQL (the same formula as lib/geo.ts). */
function distanceFromSql(latitude: Bound<number>, longitude: Bound<number>): SQL {
  const lat = sql`${latitude}::float8`;
  const lon = sql`${longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${auctions.latitude}::float8 - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${auctions.latitude}::float8))
      * power(sin(radians(${auctions.longitude}::float8 - ${lon}) / 2), 2)))))`;
}

function buildPage(db: Db, v: PageValues) {
  // Drizzle's operators take placeholders as they take values; their types only name values.
  const conditions: SQL[] = [eq(auctions.isActive, true), gt(auctions.endTime, v.now as Date)];
  if (v.dateType) conditions.push(eq(auctions.dateType, v.dateType as DateType));
  if (v.minBid !== undefined) conditions.push(gte(auctions.currentBid, v.minBid as string));
  if (v.maxBid !== undefined) conditions.push(lt(auctions.currentBid, v.maxBid as string));
  if (v.near) {
    const { near } = v;
    // The box lets the (latitude, longitude) index prefilter; the haversine is the exact rule.
    conditions.push(sql`${auctions.latitude} BETWEEN ${near.minLatitude} AND ${near.maxLatitude}`);
    if (near.longitudes) {
      conditions.push(sql`${auctions.longitude} BETWEEN ${near.longitudes.min} AND ${near.longitudes.max}`);
    }
    conditions.push(sql`${distanceFromSql(near.latitude, near.longitude)} <= ${near.miles}::float8`);
  }
  if (v.viewerId !== undefined) {
    // The viewer's blocks are read once (a hashed subplan), not probed per auction.
    conditions.push(isNotBlockedWithSql(sql`${v.viewerId}::uuid`, sql`${auctions.creatorId}`));
  }
  // The page is chosen first and only its rows are joined to their creators: when the order
  // cannot come from an index (a dense distance filter, many equal prices) the sort reads
  // thousands of rows, and joining each of them first cost more than the sort (docs/performance.md).
  const page = db
    .select({ id: auctions.id })
    .from(auctions)
    .where(and(...conditions))
    .orderBy(...SORT_ORDERS[v.sortBy])
    .limit(v.limit as number)
    .offset(v.offset as number)
    .as('page');
  // The viewer's heart on each card: one primary-key probe per row of the page.
  const isWatched =
    v.viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM auction_watches w
          WHERE w.user_id = ${v.viewerId}::uuid AND w.auction_id = ${auctions.id})`;
  // The viewer's highest bid on each card, for "where you stand" (docs/web-app.md), in the same
  // round trip: an auction without bids costs nothing, one with bids a probe of its bids by amount.
  const viewerHighestBid =
    v.viewerId === undefined
      ? sql<string | null>`NULL::numeric`
      : sql<string | null>`CASE WHEN ${auctions.bidCount} = 0 THEN NULL ELSE (SELECT max(b.amount) FROM bids b
          WHERE b.auction_id = ${auctions.id} AND b.bidder_id = ${v.viewerId}::uuid) END`;
  return db
    .select({ auction: auctions, creator: creatorNames, isWatched, viewerHighestBid })
    .from(auctions)
    .innerJoin(page, eq(page.id, auctions.id))
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .orderBy(...SORT_ORDERS[v.sortBy]);
}

function valuesOf(filter: OpenAuctionFilter): PageValues {
  const { near } = filter;
  const { minLongitude, maxLongitude } = near?.box ?? {};
  return {
    ...filter,
    near: near && {
      ...near.center,
      miles: near.miles,
      minLatitude: near.box.minLatitude,
      maxLatitude: near.box.maxLatitude,
      longitudes:
        minLongitude !== undefined && maxLongitude !== undefined ? { min: minLongitude, max: maxLongitude } : undefined,
    },
  };
}

/** The statement with the filter's values in it, unexecuted, so a test (or a benchmark) can EXPLAIN it. */
export function listOpenAuctionsQuery(db: Db, filter: OpenAuctionFilter) {
  return buildPage(db, valuesOf(filter));
}

type PageRows = Awaited<ReturnType<typeof listOpenAuctionsQuery>>;
type PreparedPage = { execute(values: Record<string, unknown>): Promise<PageRows> };

/** One prepared statement per database and shape of filter (which filters are on, which sort). */
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * One page of open auctions with their creators' names, in one query. Returns up to `limit`
 * rows as asked; callers ask for one more than they show to learn if more exist.
 *
 * Building the statement in Drizzle cost a fifth of the process's CPU per request
 * (docs/performance.md), so each shape is built once, with placeholders. It is prepared
 * unnamed (''): PostgreSQL still plans every execution with its actual values, where a named
 * statement may settle on a generic plan that cannot prove the partial indexes' `is_active`.
 */
export function listOpenAuctions(db: Db, filter: OpenAuctionFilter): Promise<PageRows> {
  const values = valuesOf(filter);
  const shape = [
    values.sortBy,
    values.dateType !== undefined,
    values.minBid !== undefined,
    values.maxBid !== undefined,
    values.near !== undefined,
    values.near?.longitudes !== undefined,
    values.viewerId !== undefined,
  ].join();
  let byShape = preparedPages.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedPages.set(db, byShape);
  }
  let prepared = byShape.get(shape);
  if (!prepared) {
    const p = (name: string) => sql.placeholder(name);
    const placeholders: PageValues = {
      now: p('now'),
      dateType: values.dateType === undefined ? undefined : p('dateType'),
      minBid: values.minBid === undefined ? undefined : p('minBid'),
      maxBid: values.maxBid === undefined ? undefined : p('maxBid'),
      near: values.near && {
        latitude: p('latitude'),
        longitude: p('longitude'),
        miles: p('miles'),
        minLatitude: p('minLatitude'),
        maxLatitude: p('maxLatitude'),
        longitudes: values.near.longitudes && { min: p('minLongitude'), max: p('maxLongitude') },
      },
      sortBy: values.sortBy,
      limit: p('limit'),
      offset: p('offset'),
      viewerId: values.viewerId === undefined ? undefined : p('viewerId'),
    };
    prepared = buildPage(db, placeholders).prepare('');
    byShape.set(shape, prepared);
  }
  const near = values.near;
  return prepared.execute({
    now: values.now,
    dateType: values.dateType,
    minBid: values.minBid,
    maxBid: values.maxBid,
    latitude: near?.latitude,
    longitude: near?.longitude,
    miles: near?.miles,
    minLatitude: near?.minLatitude,
    maxLatitude: near?.maxLatitude,
    minLongitude: near?.longitudes?.min,
    maxLongitude: near?.longitudes?.max,
    limit: values.limit,
    offset: values.offset,
    viewerId: values.viewerId,
  });
}

import type { AuctionSort, DateType } from '@bid/contract';
import { and, eq, gt, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, users } from '../../db/schema/index.js';
import { hostCardColumns } from '../../db/card-columns.js';
import { reputationProbes } from '../feedback/reputation.js';
import { EARTH_RADIUS_MILES, type BoundingBox, type Coordinates } from '../../lib/geo.js';
import { isNotBlockedWithSql } from '../blocks/block-filters.js';

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
  /**
   * The sort keys of the card the previous page ended with (a cursor, docs/auctions.md
   * "Listing"): the page starts after it, by an index range rather than by skipping `offset`.
   */
  after?: readonly string[] | undefined;
  /** The signed-in viewer: members kept apart from them by a block are left out (docs/trust-and-safety.md). */
  viewerId?: string | undefined;
}

/**
 * Each sort ends with the id so that pages never repeat or skip a card between two equal
 * keys; the keys are exactly the columns of one of the partial `is_active` indexes, so a page is
 * an index walk. The sorts that run one key downwards and the tie-breakers upwards sort by
 * the negated key, as their expression indexes do (`(-bid_count), end_time, id`): then every
 * key runs the same way, and a cursor is one row comparison the index can start from
 * (docs/performance.md, "Keyset pages").
 */
const SORT_KEYS: Record<AuctionSort, SQL[]> = {
  'ending-soon': [sql`${auctions.endTime}`, sql`${auctions.id}`],
  'most-popular': [sql`(-${auctions.bidCount})`, sql`${auctions.endTime}`, sql`${auctions.id}`],
  newest: [sql`${auctions.createdAt}`, sql`${auctions.id}`],
  'price-low': [sql`${auctions.currentBid}`, sql`${auctions.endTime}`, sql`${auctions.id}`],
  'price-high': [sql`(-${auctions.currentBid})`, sql`${auctions.endTime}`, sql`${auctions.id}`],
  // The host's score, highest first (docs/the-date.md "Best hosts"); equal scores by end time.
  'best-hosts': [sql`(-${auctions.hostScore})`, sql`${auctions.endTime}`, sql`${auctions.id}`],
};

/** Only "newest" runs downwards, every key of it. */
const DESCENDING: ReadonlySet<AuctionSort> = new Set<AuctionSort>(['newest']);

const SORT_ORDERS = Object.fromEntries(
  Object.entries(SORT_KEYS).map(([sort, keys]) => [
    sort,
    keys.map((key) => (DESCENDING.has(sort as AuctionSort) ? sql`${key} desc` : sql`${key} asc`)),
  ]),
) as Record<AuctionSort, SQL[]>;

/** A stored time as the cursor carries it: UTC to the microsecond, so no card is repeated or skipped. */
const utcMicros = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The last card's keys, joined by `~` (the cursor after the sort's name). */
const CURSOR_KEYS: Record<AuctionSort, SQL> = {
  'ending-soon': sql`${utcMicros(sql`${auctions.endTime}`)} || '~' || ${auctions.id}::text`,
  'most-popular': sql`${auctions.bidCount}::text || '~' || ${utcMicros(sql`${auctions.endTime}`)} || '~' || ${auctions.id}::text`,
  newest: sql`${utcMicros(sql`${auctions.createdAt}`)} || '~' || ${auctions.id}::text`,
  'price-low': sql`${auctions.currentBid}::text || '~' || ${utcMicros(sql`${auctions.endTime}`)} || '~' || ${auctions.id}::text`,
  'price-high': sql`${auctions.currentBid}::text || '~' || ${utcMicros(sql`${auctions.endTime}`)} || '~' || ${auctions.id}::text`,
  'best-hosts': sql`${auctions.hostScore}::text || '~' || ${utcMicros(sql`${auctions.endTime}`)} || '~' || ${auctions.id}::text`,
};

/** The cursor's keys as the sort's values, typed as the columns are. */
function cursorValuesSql(sortBy: AuctionSort, keys: readonly Bound<string>[]): SQL[] {
  const [first, second, third] = keys;
  switch (sortBy) {
    case 'ending-soon':
    case 'newest':
      return [sql`${first}::timestamptz`, sql`${second}::uuid`];
    case 'most-popular':
      return [sql`(-(${first}::int))`, sql`${second}::timestamptz`, sql`${third}::uuid`];
    case 'price-low':
      return [sql`${first}::numeric`, sql`${second}::timestamptz`, sql`${third}::uuid`];
    case 'price-high':
      return [sql`(-(${first}::numeric))`, sql`${second}::timestamptz`, sql`${third}::uuid`];
    case 'best-hosts':
      return [sql`(-(${first}::bigint))`, sql`${second}::timestamptz`, sql`${third}::uuid`];
  }
}

/** Rows after the cursor's card in the sort's order: one row comparison, an index range. */
function afterCursorSql(sortBy: AuctionSort, keys: readonly Bound<string>[]): SQL {
  const columns = sql.join(SORT_KEYS[sortBy], sql`, `);
  const values = sql.join(cursorValuesSql(sortBy, keys), sql`, `);
  return DESCENDING.has(sortBy) ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
}

const creatorNames = {
  ...hostCardColumns,
  // The host's reputation (issue 35): primary-key probes of member_reputations per card of the page.
  ...reputationProbes(auctions.creatorId),
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
  after?: readonly Bound<string>[] | undefined;
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

/**
 * The price range. Under "price-high" the index's key is the negated price, so the bounds are
 * stated on that key: the walk then starts at the first card within them. Stated on the price
 * itself, an "under $50" page sorted highest first read past every dearer open auction before
 * its first card (over a second at a million auctions, docs/performance.md).
 */
function priceBoundsSql(sortBy: AuctionSort, minBid: Bound<string> | undefined, maxBid: Bound<string> | undefined) {
  const bounds: SQL[] = [];
  if (sortBy === 'price-high') {
    const negated = SORT_KEYS['price-high'][0]!;
    if (minBid !== undefined) bounds.push(sql`${negated} <= -(${minBid}::numeric)`);
    if (maxBid !== undefined) bounds.push(sql`${negated} > -(${maxBid}::numeric)`);
    return bounds;
  }
  if (minBid !== undefined) bounds.push(gte(auctions.currentBid, minBid as string));
  if (maxBid !== undefined) bounds.push(lt(auctions.currentBid, maxBid as string));
  return bounds;
}

function buildPage(db: Db, v: PageValues) {
  // Drizzle's operators take placeholders as they take values; their types only name values.
  const conditions: SQL[] = [eq(auctions.isActive, true), gt(auctions.endTime, v.now as Date)];
  if (v.dateType) conditions.push(eq(auctions.dateType, v.dateType as DateType));
  conditions.push(...priceBoundsSql(v.sortBy, v.minBid, v.maxBid));
  if (v.near) {
    const { near } = v;
    // The box lets the (latitude, longitude) index prefilter; the haversine is the exact rule.
    conditions.push(sql`${auctions.latitude} BETWEEN ${near.minLatitude} AND ${near.maxLatitude}`);
    if (near.longitudes) {
      conditions.push(sql`${auctions.longitude} BETWEEN ${near.longitudes.min} AND ${near.longitudes.max}`);
    }
    conditions.push(sql`${distanceFromSql(near.latitude, near.longitude)} <= ${near.miles}::float8`);
  }
  if (v.after) conditions.push(afterCursorSql(v.sortBy, v.after));
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
    .select({
      auction: auctions,
      creator: creatorNames,
      isWatched,
      viewerHighestBid,
      cursorKeys: sql<string>`${CURSOR_KEYS[v.sortBy]}`,
    })
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
    values.after?.length ?? 0,
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
      after: values.after?.map((_, i) => p(`after${i}`)),
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
    ...Object.fromEntries((values.after ?? []).map((key, i) => [`after${i}`, key])),
    viewerId: values.viewerId,
  });
}

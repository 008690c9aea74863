import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, bids, users } from '../../db/schema/index.js';
import { hasDatabaseErrorCode } from '../../db/errors.js';
import { isBlockedBetweenSql } from '../blocks/blocks.repository.js';

function buildBidContextLookup(db: Db) {
  return db
    .select({
      bidder: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        age: users.age,
        location: users.location,
        sex: users.sex,
        openToDatesWith: users.openToDatesWith,
        stripeCustomerId: users.stripeCustomerId,
        cardOnFile: users.cardOnFile,
      },
      auction: {
        id: auctions.id,
        creatorId: auctions.creatorId,
        title: auctions.title,
        currentBid: auctions.currentBid,
        startingBid: auctions.startingBid,
        bidCount: auctions.bidCount,
        endTime: auctions.endTime,
        isActive: auctions.isActive,
        closedAt: auctions.closedAt,
        hiddenAt: auctions.hiddenAt,
        buyNowPrice: auctions.buyNowPrice,
        leaderId: auctions.leaderId,
      },
      // A block either way between bidder and host refuses the bid (docs/trust-and-safety.md):
      // two primary-key probes in this same statement, so a bid still costs one read.
      isBlocked: isBlockedBetweenSql(sql`${users.id}`, sql`${auctions.creatorId}`),
      // The bid rate limit (docs/engineering.md §5), counted in the database so it holds across instances: an
      // index range on (bidder, created) in this same statement. A bid's createdAt is the database
      // clock, so the window is measured on that clock too.
      recentBidCount: sql<number>`(SELECT count(*)::int FROM ${bids}
        WHERE ${bids.bidderId} = ${users.id} AND ${bids.createdAt} > now() - interval '1 minute')`,
      // Who leads before this bid (one probe of the (auction, amount) index), so the one it beats
      // hears it live (docs/realtime.md). A read before the bid's lock: only a refetch signal uses it.
      leaderId: sql<string | null>`(SELECT ${bids.bidderId} FROM ${bids}
        WHERE ${bids.auctionId} = ${auctions.id} ORDER BY ${bids.amount} DESC LIMIT 1)`,
    })
    .from(users)
    .leftJoin(auctions, eq(auctions.id, sql.placeholder('auctionId')))
    .where(eq(users.id, sql.placeholder('bidderId')))
    .limit(1)
    .prepare('');
}

/** Built once per database: every bid runs it (docs/performance.md); unnamed, so planned with its values. */
const bidContextLookups = new WeakMap<Db, ReturnType<typeof buildBidContextLookup>>();

/**
 * What a bid's checks read, in one statement: the bidder (profile completeness, name, card on
 * file), the auction (null when there is none), whether a block stands between them and how many
 * bids the bidder placed in the last minute.
 * Undefined when the bidder no longer exists.
 */
export async function findBidContext(db: Db, input: { auctionId: string; bidderId: string }) {
  let lookup = bidContextLookups.get(db);
  if (!lookup) {
    lookup = buildBidContextLookup(db);
    bidContextLookups.set(db, lookup);
  }
  const [row] = await lookup.execute(input);
  return row;
}

/** The SQLSTATE accept_bid_within_limit raises when the bidder has used up their bids per minute. */
const BID_RATE_LIMIT_SQLSTATE = 'BD429';

/** The bidder placed their allowance of bids in the last minute (decided under their lock). */
export class BidRateLimitReached extends Error {
  constructor() {
    super('bids per minute reached');
    this.name = 'BidRateLimitReached';
  }
}

/** The auction as `accept_bid` leaves it (after the bid, or as it stands when refused). */
export interface BidAuctionState {
  id: string;
  creatorId: string;
  title: string;
  currentBid: string;
  startingBid: string;
  bidCount: number;
  endTime: Date;
  isActive: boolean;
  closedAt: Date | null;
  buyNowPrice: string | null;
}

export type BidOutcome =
  | {
      accepted: true;
      bidId: string;
      /** The bidder's visible bid after the request (raised by their maximum, or their maximum when beaten). */
      amount: string;
      createdAt: Date;
      /** The request did not beat the leader's maximum: it was stored and answered at once. */
      outbidByAutomaticBid: boolean;
      auction: BidAuctionState;
    }
  | { accepted: false; auction: BidAuctionState };

interface BidOutcomeRow {
  accepted: boolean;
  bid_id: string | null;
  bid_amount: string | null;
  bid_created_at: Date | string | null;
  outbid_by_automatic_bid: boolean;
  creator_id: string;
  title: string;
  current_bid: string;
  starting_bid: string;
  bid_count: number | string;
  end_time: Date | string;
  is_active: boolean;
  closed_at: Date | string | null;
  buy_now_price: string | null;
}

/** Texts may hold {amount}, {price} and {next}, filled in by `accept_bid` (only it knows them). */
export interface BidNotificationTexts {
  received: { title: string; message: string };
  outbid: { title: string; message: string };
}

/**
 * Accepts a bid request in ONE call of the `accept_bid` function (migrations 0008 and 0018,
 * docs/decisions/0005-accept-bid-function.md): it takes the auction row's lock, re-checks every
 * rule on the freshest row (open, not the creator's, high enough, within the money bounds, below
 * Buy Now) and applies the automatic-bid rule (`applyBidRequest` in packages/contract): it inserts
 * the request's row and any automatic answer, keeps the leader and their private maximum on the
 * auction, sends 'bid_received' to the creator and 'outbid' to a leader whose maximum was beaten.
 * Concurrent bids from any number of app instances queue on the row lock, so none is lost; the
 * lock is never held across a round trip to the app, and everything commits together or not at all.
 *
 * - Soft close: a request that adds a bid within the last `softCloseSeconds` moves the end to bid
 *   time + `softCloseSeconds` (with 0 the CASE never fires, since the end is after `now`).
 * - The bids' createdAt is the database clock read after the row lock is held, so the order
 *   of createdAt is the order of acceptance even when requests started in another order.
 *
 * A refused bid answers the auction as it now stands, so the caller can say why without reading
 * it again; undefined means there is no such auction.
 */
export async function acceptBid(
  db: Db,
  input: {
    auctionId: string;
    bidderId: string;
    amount: string;
    maxAmount: string | undefined;
    now: Date;
    softCloseSeconds: number;
    texts: BidNotificationTexts;
    /** The bidder's bids per minute; one more is refused with `BidRateLimitReached`. */
    bidsPerMinute: number;
  },
): Promise<BidOutcome | undefined> {
  const { texts } = input;
  const now = input.now.toISOString();
  const softEnd = new Date(input.now.getTime() + input.softCloseSeconds * 1000).toISOString();
  // One statement: the bidder's rate limit, under their lock, then the bid itself
  // (accept_bid_within_limit, migration 0023; docs/reliability.md "Atomic rate limits").
  const result = await db
    .execute(
      sql`
    SELECT accepted, bid_id, bid_amount, bid_created_at, outbid_by_automatic_bid, creator_id, title, current_bid,
           starting_bid, bid_count, end_time, is_active, closed_at, buy_now_price
    FROM accept_bid_within_limit(${input.bidsPerMinute}::integer, ${input.auctionId}::uuid, ${input.bidderId}::uuid,
      ${input.amount}::numeric, ${input.maxAmount ?? null}::numeric, ${now}::timestamptz, ${softEnd}::timestamptz,
      ${texts.received.title}, ${texts.received.message}, ${texts.outbid.title}, ${texts.outbid.message})
  `,
    )
    .catch((err: unknown) => {
      if (hasDatabaseErrorCode(err, BID_RATE_LIMIT_SQLSTATE)) throw new BidRateLimitReached();
      throw err;
    });
  // Both drivers (pg and PGlite) answer a raw statement with `{ rows }`.
  const row = (result as { rows: BidOutcomeRow[] }).rows[0];
  if (!row) return undefined;
  const auction: BidAuctionState = {
    id: input.auctionId,
    creatorId: row.creator_id,
    title: row.title,
    currentBid: row.current_bid,
    startingBid: row.starting_bid,
    bidCount: Number(row.bid_count),
    endTime: new Date(row.end_time),
    isActive: row.is_active,
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    buyNowPrice: row.buy_now_price,
  };
  if (!row.accepted || !row.bid_id || !row.bid_created_at || !row.bid_amount) return { accepted: false, auction };
  return {
    accepted: true,
    bidId: row.bid_id,
    amount: row.bid_amount,
    createdAt: new Date(row.bid_created_at),
    outbidByAutomaticBid: row.outbid_by_automatic_bid,
    auction,
  };
}

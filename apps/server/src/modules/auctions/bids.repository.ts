import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The auction as a bid leaves it (after the bid, or as it stands when refused). */
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

/** Why `place_bids` refused a bid, in the order it checks (migration 0027). */
export type BidRefusal =
  | 'unauthorized'
  | 'rate_limited'
  | 'not_found'
  | 'profile'
  | 'own'
  | 'blocked'
  | 'ended'
  | 'card_unknown'
  | 'checked'
  | 'refused';

export type BidOutcome =
  | {
      accepted: true;
      bidId: string;
      /** The bidder's visible bid after the request (raised by their maximum, or their maximum when beaten). */
      amount: string;
      createdAt: Date;
      /** The request did not beat the leader's maximum: it was stored and answered at once. */
      outbidByAutomaticBid: boolean;
      /** Who led before the bid (the leader the fold knew, migration 0030), read in the same statement. */
      previousLeaderId: string | null;
      /** Whether the reserve is met after the bid; undefined without a reserve (migration 0038). */
      reserveMet: boolean | undefined;
      /** This bid met the reserve (the price moved even when the leader only raised their maximum). */
      metReserve: boolean;
      auction: BidAuctionState;
    }
  | {
      accepted: false;
      refusal: BidRefusal;
      /** For 'card_unknown': the bidder's provider customer, to ask the provider about cards. */
      stripeCustomerId: string | null;
      /** The auction as it stands, for the refusals that read it ('profile' onwards); else null. */
      auction: BidAuctionState | null;
    };

interface BidOutcomeRow {
  refusal: BidRefusal | null;
  previous_leader_id: string | null;
  stripe_customer_id: string | null;
  accepted: boolean;
  bid_id: string | null;
  bid_amount: string | null;
  bid_created_at: Date | string | null;
  outbid_by_automatic_bid: boolean;
  creator_id: string | null;
  title: string | null;
  current_bid: string | null;
  starting_bid: string | null;
  bid_count: number | string | null;
  end_time: Date | string | null;
  is_active: boolean | null;
  closed_at: Date | string | null;
  buy_now_price: string | null;
  reserve_met: boolean | null;
  met_reserve: boolean | null;
}

/**
 * The notices' texts as PostgreSQL format() templates: `place_bids` fills in %1$s (the bidder's
 * display name) and %2$s (the auction's title), then {amount}, {price} and {next}
 * (only it knows them). Any other '%' must be written '%%'.
 */
export interface BidNotificationTexts {
  received: { title: string; message: string };
  outbid: { title: string; message: string };
}

/** One bid request as `place_bids` takes it. */
export interface BidRequest {
  bidderId: string;
  amount: string | null;
  maxAmount: string | undefined;
  cardConfirmed: boolean;
  now: Date;
  softCloseSeconds: number;
}

/**
 * Bid requests on ONE auction in ONE statement: the `place_bids` function (migration 0027), which
 * locks the auction row once and decides each bid in turn, in the order given, exactly as it would
 * decide it alone on the row as the bids before it left it, then writes the row once, all in one
 * transaction (docs/performance.md, "Bids on one auction in batches" and "A batch of bids decided
 * in one pass"). The app sends them through its bid queue (bid-queue.ts), which batches the bids
 * that arrive for an auction while its last call for that auction runs; a lone bid is a batch of one.
 *
 * For each bid it reads the bidder, whether a block stands between bidder and host, the bidder's
 * bids of the last minute and who leads, checks them in the order of docs/auctions.md and either
 * refuses (`refusal` names the first check that failed; nothing is written for that bid) or
 * accepts it (docs/decisions/0005-accept-bid-function.md): every rule on the locked row (open, not
 * the creator's, high enough, within the money bounds, below Buy Now) and the automatic-bid rule
 * (`applyBidRequest` in packages/contract): it inserts the request's row and any automatic
 * answer, keeps the leader and their private maximum on the auction, and leaves the notices for
 * the creator ('bid_received') and a leader whose maximum was beaten ('outbid') as one pending row,
 * which the bid notice writer turns into notifications right after the commit (docs/notifications.md,
 * "A bid's notices"). Concurrent bids from any number of app instances queue on the row lock, so
 * none is lost; the lock is never held across a round trip to the app, and everything commits
 * together or not at all.
 *
 * - Rate limit: a request that may write takes the bidder's advisory lock before counting their
 *   bids of the last minute (docs/reliability.md, "Atomic rate limits"); a batch takes all its
 *   bidders' locks first, in id order, so batches cannot deadlock.
 * - `amount` null: the request's amounts failed the app's own checks; the statement makes the
 *   checks that come before them and answers 'checked' when they all pass, writing nothing.
 * - `cardConfirmed`: the payment provider has just shown a card (the bidder's `card_on_file` was
 *   false, so the first call answered 'card_unknown').
 * - Soft close: a request that adds a bid within the last `softCloseSeconds` moves the end to bid
 *   time + `softCloseSeconds` (with 0 the CASE never fires, since the end is after `now`).
 * - The bids' createdAt is the database clock read after the row lock is held, so the order
 *   of createdAt is the order of acceptance even when requests started in another order.
 *
 * A refusal answers the auction as it now stands when the statement read it, so the caller can
 * say why without reading it again. The outcomes come in the order of `bids`.
 */
export async function placeBidsStatement(
  db: Db,
  input: {
    auctionId: string;
    bids: readonly BidRequest[];
    texts: BidNotificationTexts;
    /** Each bidder's bids per minute; one more is refused with 'rate_limited'. */
    bidsPerMinute: number;
  },
): Promise<BidOutcome[]> {
  const { texts } = input;
  const bids = input.bids.map((bid) => ({
    bidder_id: bid.bidderId,
    amount: bid.amount,
    max_amount: bid.maxAmount ?? null,
    card_confirmed: bid.cardConfirmed,
    now: bid.now.toISOString(),
    soft_end: new Date(bid.now.getTime() + bid.softCloseSeconds * 1000).toISOString(),
  }));
  const result = await db.execute(
    sql`
    SELECT bid_index, refusal, previous_leader_id, stripe_customer_id, accepted, bid_id, bid_amount, bid_created_at,
           outbid_by_automatic_bid, creator_id, title, current_bid, starting_bid, bid_count, end_time, is_active,
           closed_at, buy_now_price, reserve_met, met_reserve
    FROM place_bids(${input.bidsPerMinute}::integer, ${input.auctionId}::uuid, ${JSON.stringify(bids)}::jsonb,
      ${texts.received.title}, ${texts.received.message}, ${texts.outbid.title}, ${texts.outbid.message})
  `,
  );
  // Both drivers (pg and PGlite) answer a raw statement with `{ rows }`; place_bids one row per bid.
  const rows = (result as { rows: Array<BidOutcomeRow & { bid_index: number }> }).rows;
  const outcomes = new Map(rows.map((row) => [Number(row.bid_index), toOutcome(input.auctionId, row)]));
  return bids.map((_, index) => {
    const outcome = outcomes.get(index);
    if (!outcome) throw new Error(`place_bids answered no outcome for bid ${index}`);
    return outcome;
  });
}

function toOutcome(auctionId: string, row: BidOutcomeRow): BidOutcome {
  const auction: BidAuctionState | null =
    row.creator_id === null
      ? null
      : {
          id: auctionId,
          creatorId: row.creator_id,
          title: row.title ?? '',
          currentBid: row.current_bid ?? '0',
          startingBid: row.starting_bid ?? '0',
          bidCount: Number(row.bid_count),
          endTime: new Date(row.end_time ?? 0),
          isActive: row.is_active ?? false,
          closedAt: row.closed_at === null ? null : new Date(row.closed_at),
          buyNowPrice: row.buy_now_price,
        };
  if (row.refusal !== null || !auction || !row.bid_id || !row.bid_created_at || !row.bid_amount) {
    return {
      accepted: false,
      refusal: row.refusal ?? 'refused',
      stripeCustomerId: row.stripe_customer_id,
      auction,
    };
  }
  return {
    accepted: true,
    bidId: row.bid_id,
    amount: row.bid_amount,
    createdAt: new Date(row.bid_created_at),
    outbidByAutomaticBid: row.outbid_by_automatic_bid,
    previousLeaderId: row.previous_leader_id,
    reserveMet: row.reserve_met ?? undefined,
    metReserve: row.met_reserve === true,
    auction,
  };
}

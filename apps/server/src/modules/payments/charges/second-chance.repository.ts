import { parseMoneyToCents } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf, timestampParam, uuidList } from '../../../db/sql-helpers.js';

/**
 * The SQL of second chance offers (docs/charging-and-ledger.md). Every function takes the
 * transaction of the use case in second-chance.ts; the locks and guards here are what make
 * each charge end once and each offer be answered once across instances.
 */

/** A winner's failed charge or a runner-up's offer, locked by the transaction that ends it. */
export interface OpenCharge {
  id: string;
  auctionId: string;
  auctionTitle: string;
  payerId: string;
  payeeId: string;
  status: 'failed' | 'offered';
}

type OpenChargeRow = {
  id: string;
  auction_id: string;
  title: string;
  payer_id: string;
  payee_id: string;
  status: 'failed' | 'offered';
};

const openChargeOf = (row: OpenChargeRow): OpenCharge => ({
  id: row.id,
  auctionId: row.auction_id,
  auctionTitle: row.title,
  payerId: row.payer_id,
  payeeId: row.payee_id,
  status: row.status,
});

/**
 * Failed charges whose fix window passed and offers nobody accepted in time, oldest deadline
 * first (index charges_open_pay_by_idx). SKIP LOCKED lets several sweepers share the work; one
 * that reaches a row after another's commit re-checks the WHERE, sees `expired` and leaves it.
 */
export async function lockLapsedOpenCharges(tx: Db, now: Date, limit: number): Promise<OpenCharge[]> {
  const rows = rowsOf<OpenChargeRow>(
    await tx.execute(sql`
      SELECT c.id, c.auction_id, a.title, c.payer_id, c.payee_id, c.status
      FROM charges c JOIN auctions a ON a.id = c.auction_id
      WHERE c.status IN ('failed', 'offered') AND c.pay_by <= ${timestampParam(now)}
      ORDER BY c.pay_by, c.id
      LIMIT ${limit}
      FOR UPDATE OF c SKIP LOCKED`),
  );
  return rows.map(openChargeOf);
}

/**
 * The member's own offer while it is open. It waits for a concurrent accept or sweep holding
 * the row and then re-checks the status and deadline, so only one of them answers the offer.
 */
export async function lockOpenOffer(
  tx: Db,
  input: { chargeId: string; payerId: string; now: Date },
): Promise<OpenCharge | undefined> {
  const [row] = rowsOf<OpenChargeRow>(
    await tx.execute(sql`
      SELECT c.id, c.auction_id, a.title, c.payer_id, c.payee_id, c.status
      FROM charges c JOIN auctions a ON a.id = c.auction_id
      WHERE c.id = ${input.chargeId}::uuid AND c.payer_id = ${input.payerId}::uuid
        AND c.status = 'offered' AND c.pay_by > ${timestampParam(input.now)}
      FOR UPDATE OF c`),
  );
  return row ? openChargeOf(row) : undefined;
}

/** Ends locked charges and offers. `pay_by` is kept: an expired offer whose deadline is still ahead was declined. */
export async function expireCharges(tx: Db, chargeIds: readonly string[], now: Date): Promise<void> {
  if (chargeIds.length === 0) return;
  const at = timestampParam(now);
  await tx.execute(sql`
    UPDATE charges SET status = 'expired', locked_until = NULL, updated_at = ${at}
    WHERE id IN (${uuidList(chargeIds)})`);
}

/** The winner who did not pay loses the win; nobody holds it until an offer is accepted. */
export async function clearWinners(tx: Db, auctionIds: readonly string[], now: Date): Promise<void> {
  if (auctionIds.length === 0) return;
  await tx.execute(sql`
    UPDATE auctions SET winner_id = NULL, updated_at = ${timestampParam(now)}
    WHERE id IN (${uuidList(auctionIds)})`);
}

export interface NextBidder {
  bidderId: string;
  /** Their own highest bid, as a money string. */
  amount: string;
}

/**
 * Per auction, the highest bidder who has had no charge or offer on it yet, at their own
 * highest bid (ties: the earliest). Run after expiring, so whoever just declined or lapsed is
 * already excluded by their expired row.
 */
export async function findNextBidders(tx: Db, auctionIds: readonly string[]): Promise<Map<string, NextBidder>> {
  if (auctionIds.length === 0) return new Map();
  const rows = rowsOf<{ auction_id: string; bidder_id: string; amount: string }>(
    await tx.execute(sql`
      SELECT DISTINCT ON (b.auction_id) b.auction_id, b.bidder_id, b.amount::text AS amount
      FROM bids b
      WHERE b.auction_id IN (${uuidList(auctionIds)})
        AND b.voided_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM charges c WHERE c.auction_id = b.auction_id AND c.payer_id = b.bidder_id
        )
      ORDER BY b.auction_id, b.amount DESC, b.created_at ASC, b.id ASC`),
  );
  return new Map(rows.map((row) => [row.auction_id, { bidderId: row.bidder_id, amount: row.amount }]));
}

/** An accepted offer, now a pending charge for the worker to collect. */
export interface AcceptedCharge {
  id: string;
  auctionId: string;
  auctionTitle: string;
  payerFirstName: string | null;
  payerLastName: string | null;
  payeeId: string;
  amountCents: number;
}

/**
 * Turns the member's open offer into a pending charge, conditional on it still being open, so
 * a double click, a decline or the sweep racing it leaves exactly one outcome. `pay_by` is
 * cleared: should the card be declined, the payer gets a fresh fix window from that failure.
 */
export async function markOfferAccepted(
  tx: Db,
  input: { chargeId: string; payerId: string; now: Date },
): Promise<AcceptedCharge | undefined> {
  const at = timestampParam(input.now);
  const [row] = rowsOf<{
    id: string;
    auction_id: string;
    title: string;
    first_name: string | null;
    last_name: string | null;
    payee_id: string;
    amount: string;
  }>(
    await tx.execute(sql`
      UPDATE charges c SET status = 'pending', pay_by = NULL, updated_at = ${at}
      FROM auctions a, users u
      WHERE c.id = ${input.chargeId}::uuid AND c.payer_id = ${input.payerId}::uuid
        AND c.status = 'offered' AND c.pay_by > ${at}
        AND a.id = c.auction_id AND u.id = c.payer_id
      RETURNING c.id, c.auction_id, a.title, u.first_name, u.last_name, c.payee_id, c.amount::text AS amount`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    auctionId: row.auction_id,
    auctionTitle: row.title,
    payerFirstName: row.first_name,
    payerLastName: row.last_name,
    payeeId: row.payee_id,
    amountCents: parseMoneyToCents(row.amount) ?? Number.NaN,
  };
}

/** Gives the win to whoever accepted the offer; false if the auction somehow has a winner already. */
export async function setWinnerOfOffer(
  tx: Db,
  input: { auctionId: string; winnerId: string; now: Date },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE auctions SET winner_id = ${input.winnerId}::uuid, updated_at = ${timestampParam(input.now)}
      WHERE id = ${input.auctionId}::uuid AND winner_id IS NULL AND is_active = false
      RETURNING id`),
  );
  return rows.length > 0;
}

/**
 * Of `auctionIds`, those that ended below their reserve price (docs/auctions.md, "Reserve price"):
 * their one second-chance offer is the host's, to the highest bidder, and never passes on.
 */
export async function findAuctionsBelowReserve(tx: Db, auctionIds: readonly string[]): Promise<Set<string>> {
  if (auctionIds.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT id FROM auctions
      WHERE id IN (${uuidList(auctionIds)}) AND reserve_price IS NOT NULL AND current_bid < reserve_price`),
  );
  return new Set(rows.map((row) => row.id));
}

/** An auction as the host's second-chance offer needs it, its row locked against a second offer. */
export interface AuctionForReserveOffer {
  id: string;
  title: string;
  creatorId: string;
  isActive: boolean;
  closedAt: Date | null;
  cancelledAt: Date | null;
  bidCount: number;
  belowReserve: boolean;
  /** Any charge or offer the auction ever had (a reserve auction has at most the host's one offer). */
  hasCharge: boolean;
}

export async function lockAuctionForReserveOffer(
  tx: Db,
  auctionId: string,
): Promise<AuctionForReserveOffer | undefined> {
  const [row] = rowsOf<{
    id: string;
    title: string;
    creator_id: string;
    is_active: boolean;
    closed_at: Date | string | null;
    cancelled_at: Date | string | null;
    bid_count: number | string;
    below_reserve: boolean;
    has_charge: boolean;
  }>(
    await tx.execute(sql`
      SELECT a.id, a.title, a.creator_id, a.is_active, a.closed_at, a.cancelled_at, a.bid_count,
             (a.reserve_price IS NOT NULL AND a.current_bid < a.reserve_price) AS below_reserve,
             EXISTS (SELECT 1 FROM charges c WHERE c.auction_id = a.id) AS has_charge
      FROM auctions a WHERE a.id = ${auctionId}::uuid
      FOR UPDATE OF a`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    creatorId: row.creator_id,
    isActive: row.is_active,
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at),
    bidCount: Number(row.bid_count),
    belowReserve: row.below_reserve,
    hasCharge: row.has_charge,
  };
}

import { centsToMoneyString, formatAmountPlain, parseMoneyToCents, standingFromMaximums } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { NewNotification } from '../../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import { rowsOf } from '../../db/sql-helpers.js';

/** What voiding one member's bids on one auction did (for the answer, the notices and the live event). */
export interface VoidedBids {
  auctionId: string;
  title: string;
  bidderId: string;
  voidedBidIds: string[];
  currentBid: string;
  bidCount: number;
  endTime: Date;
  /** Who was told: the member whose bids went and every remaining bidder. */
  notified: string[];
}

interface StandingRow {
  bidder_id: string;
  max_amount: string;
  set_at: Date | string;
  highest: string;
}

const cents = (amount: string) => parseMoneyToCents(amount) ?? 0;

/**
 * Voids every bid `bidderId` has on the OPEN auction `auctionId` (a bid, its automatic steps and
 * the maximum behind them go together: the member's participation is what was wrong), then
 * recomputes the standing from the remaining bids and maximums by the automatic-bid rule
 * (`standingFromMaximums`, docs/auctions.md): the leader may change and the price may fall. When
 * the new leader's highest bid is below the new price, an automatic bid at the price is stored so
 * the history still ends at the current bid. The auction row is locked first, so no bid
 * interleaves; call it inside the caller's transaction. Undefined when the auction is not open or
 * the member has no bid on it.
 */
export async function voidBidderOnAuction(
  tx: Db,
  input: { auctionId: string; bidderId: string; now: Date; reason: string },
): Promise<VoidedBids | undefined> {
  const at = input.now.toISOString();
  const [auction] = rowsOf<{
    id: string;
    title: string;
    starting_bid: string;
    reserve_price: string | null;
    leader_id: string | null;
    leader_max: string | null;
    end_time: Date | string;
  }>(
    await tx.execute(sql`
      SELECT id, title, starting_bid::text, reserve_price::text, leader_id, leader_max::text, end_time FROM auctions
      WHERE id = ${input.auctionId}::uuid AND is_active AND closed_at IS NULL AND end_time > ${at}::timestamptz
      FOR UPDATE`),
  );
  if (!auction) return undefined;
  const voided = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE bids SET voided_at = ${at}::timestamptz
      WHERE auction_id = ${input.auctionId}::uuid AND bidder_id = ${input.bidderId}::uuid AND voided_at IS NULL
      RETURNING id`),
  );
  if (voided.length === 0) return undefined;

  // Per remaining bidder: their highest maximum (a plain bid is its own maximum), when they first
  // set it, and the highest amount they were shown at.
  const standings = rowsOf<StandingRow>(
    await tx.execute(sql`
      WITH live AS (
        SELECT bidder_id, COALESCE(max_amount, amount) AS max_amount, amount, created_at
        FROM bids WHERE auction_id = ${input.auctionId}::uuid AND voided_at IS NULL
      ), best AS (
        SELECT bidder_id, max(max_amount) AS max_amount, max(amount) AS highest FROM live GROUP BY bidder_id
      )
      SELECT b.bidder_id, b.max_amount::text, b.highest::text,
             (SELECT min(l.created_at) FROM live l WHERE l.bidder_id = b.bidder_id AND l.max_amount = b.max_amount) AS set_at
      FROM best b`),
  );
  const bidders = standings.map((row) => {
    // The leader's maximum may have been raised without a new bid: it lives on the auction.
    const raised = row.bidder_id === auction.leader_id && auction.leader_max !== null ? cents(auction.leader_max) : 0;
    return {
      bidderId: row.bidder_id,
      maxCents: Math.max(cents(row.max_amount), raised),
      setOrder: new Date(row.set_at).getTime(),
      highestAmountCents: cents(row.highest),
    };
  });
  // The same reserve rule as a bid (docs/auctions.md, "Reserve price").
  const standing = standingFromMaximums(
    cents(auction.starting_bid),
    bidders,
    auction.reserve_price === null ? null : cents(auction.reserve_price),
  );
  const leader = bidders.find((b) => b.bidderId === standing.leaderId);
  if (leader && standing.priceCents > leader.highestAmountCents) {
    await tx.execute(sql`
      INSERT INTO bids (auction_id, bidder_id, amount, is_automatic, created_at)
      VALUES (${input.auctionId}::uuid, ${leader.bidderId}::uuid, ${centsToMoneyString(standing.priceCents)}::numeric,
        true, clock_timestamp())`);
  }
  const price = centsToMoneyString(standing.priceCents);
  const [updated] = rowsOf<{ bid_count: number; end_time: Date | string }>(
    await tx.execute(sql`
      UPDATE auctions SET
        current_bid = ${price}::numeric,
        bid_count = (SELECT count(*)::int FROM bids WHERE auction_id = ${input.auctionId}::uuid AND voided_at IS NULL),
        leader_id = ${standing.leaderId}::uuid,
        leader_max = ${standing.leaderId ? centsToMoneyString(standing.leaderMaxCents) : null}::numeric,
        updated_at = ${at}::timestamptz
      WHERE id = ${input.auctionId}::uuid
      RETURNING bid_count, end_time`),
  );

  const remaining = bidders.map((b) => b.bidderId);
  const priceText = standing.leaderId
    ? `The current bid is now $${formatAmountPlain(standing.priceCents)}.`
    : 'It has no bids now.';
  const notices: NewNotification[] = [
    {
      userId: input.bidderId,
      type: 'moderation_action',
      title: 'Your bids were removed',
      message: `Our moderators removed your bids on "${auction.title}". Reason: ${input.reason}`,
      relatedAuctionId: input.auctionId,
    },
    ...remaining.map<NewNotification>((userId) => ({
      userId,
      type: 'auction_updated',
      title: 'A bid was removed',
      message: `Our moderators removed a bid on "${auction.title}". ${priceText}`,
      relatedAuctionId: input.auctionId,
    })),
  ];
  await notify(tx, notices);
  return {
    auctionId: input.auctionId,
    title: auction.title,
    bidderId: input.bidderId,
    voidedBidIds: voided.map((row) => row.id),
    currentBid: price,
    bidCount: Number(updated!.bid_count),
    endTime: new Date(updated!.end_time),
    notified: [input.bidderId, ...remaining],
  };
}

/** The open auctions a member has live bids on (a suspension voids them all). */
export async function listOpenAuctionsWithBidsOf(tx: Db, bidderId: string, now: Date): Promise<string[]> {
  const rows = rowsOf<{ auction_id: string }>(
    await tx.execute(sql`
      SELECT DISTINCT b.auction_id FROM bids b JOIN auctions a ON a.id = b.auction_id
      WHERE b.bidder_id = ${bidderId}::uuid AND b.voided_at IS NULL
        AND a.is_active AND a.closed_at IS NULL AND a.end_time > ${now.toISOString()}::timestamptz
      ORDER BY b.auction_id`),
  );
  return rows.map((row) => row.auction_id);
}

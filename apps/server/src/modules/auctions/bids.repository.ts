import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface AcceptedBid {
  bidId: string;
  auctionId: string;
  amount: string;
  createdAt: Date;
  creatorId: string;
  title: string;
  currentBid: string;
  bidCount: number;
  endTime: Date;
}

interface AcceptedBidRow {
  bid_id: string;
  auction_id: string;
  amount: string;
  created_at: Date | string;
  creator_id: string;
  title: string;
  current_bid: string;
  bid_count: number | string;
  end_time: Date | string;
}

/**
 * Accepts a bid in ONE statement (GUIDE §7): the conditional UPDATE takes the auction row's
 * lock and re-checks every rule on the freshest row (open, not the creator's, high enough),
 * and the INSERT of the bid feeds on its result. Concurrent bids from any number of app
 * instances queue on the row lock, so none is lost and each accepted bid beats the last.
 *
 * - The first bid may equal the starting bid; later ones must beat the current bid by $1.
 * - Soft close: a bid within the last `softCloseSeconds` moves the end to bid time +
 *   `softCloseSeconds` (with 0 the CASE never fires, since the end is after `now`).
 * - The bid's createdAt is the database clock read after the row lock is held, so the order
 *   of createdAt is the order of acceptance even when requests started in another order.
 *
 * Returns undefined when no row qualified; the caller re-reads the auction to say why.
 */
export async function acceptBid(
  db: Db,
  input: { auctionId: string; bidderId: string; amount: string; now: Date; softCloseSeconds: number },
): Promise<AcceptedBid | undefined> {
  const now = input.now.toISOString();
  const softEnd = new Date(input.now.getTime() + input.softCloseSeconds * 1000).toISOString();
  const result = await db.execute(sql`
    WITH updated AS (
      UPDATE auctions
      SET current_bid = ${input.amount}::numeric,
          bid_count = bid_count + 1,
          end_time = CASE WHEN end_time <= ${softEnd}::timestamptz THEN ${softEnd}::timestamptz ELSE end_time END,
          updated_at = ${now}::timestamptz
      WHERE id = ${input.auctionId}::uuid
        AND is_active
        AND closed_at IS NULL
        AND end_time > ${now}::timestamptz
        AND creator_id <> ${input.bidderId}::uuid
        AND ((bid_count = 0 AND starting_bid <= ${input.amount}::numeric)
          OR (bid_count > 0 AND current_bid + 1 <= ${input.amount}::numeric))
      RETURNING id, creator_id, title, current_bid, bid_count, end_time
    ), inserted AS (
      INSERT INTO bids (auction_id, bidder_id, amount, created_at)
      SELECT id, ${input.bidderId}::uuid, current_bid, clock_timestamp() FROM updated
      RETURNING id, auction_id, amount, created_at
    )
    SELECT inserted.id AS bid_id, inserted.auction_id, inserted.amount::text AS amount, inserted.created_at,
           updated.creator_id, updated.title, updated.current_bid::text AS current_bid, updated.bid_count,
           updated.end_time
    FROM inserted JOIN updated ON updated.id = inserted.auction_id
  `);
  // Both drivers (pg and PGlite) answer a raw statement with `{ rows }`.
  const row = (result as { rows: AcceptedBidRow[] }).rows[0];
  if (!row) return undefined;
  return {
    bidId: row.bid_id,
    auctionId: row.auction_id,
    amount: row.amount,
    createdAt: new Date(row.created_at),
    creatorId: row.creator_id,
    title: row.title,
    currentBid: row.current_bid,
    bidCount: Number(row.bid_count),
    endTime: new Date(row.end_time),
  };
}

export interface BidNotificationTexts {
  received: { title: string; message: string };
  outbid: { title: string; message: string };
}

/**
 * In the bid's transaction, after the accepting statement: 'bid_received' to the creator and
 * 'outbid' to the previous leader unless the bidder outbid themselves. Accepted amounts only
 * ever rise, so the previous leader is whoever placed the highest bid below this one; this
 * statement's snapshot is taken after the row lock was won, so it sees every earlier bid.
 */
export async function insertBidNotifications(
  db: Db,
  input: { bid: AcceptedBid; bidderId: string; texts: BidNotificationTexts },
): Promise<void> {
  const { bid, bidderId, texts } = input;
  await db.execute(sql`
    INSERT INTO notifications (user_id, type, title, message, related_auction_id, related_user_id)
    SELECT ${bid.creatorId}::uuid, 'bid_received'::notification_type, ${texts.received.title}, ${texts.received.message},
           ${bid.auctionId}::uuid, ${bidderId}::uuid
    UNION ALL
    SELECT previous.bidder_id, 'outbid'::notification_type, ${texts.outbid.title}, ${texts.outbid.message},
           ${bid.auctionId}::uuid, ${bidderId}::uuid
    FROM (
      SELECT bidder_id FROM bids
      WHERE auction_id = ${bid.auctionId}::uuid AND amount < ${bid.amount}::numeric
      ORDER BY amount DESC
      LIMIT 1
    ) AS previous
    WHERE previous.bidder_id <> ${bidderId}::uuid
  `);
}

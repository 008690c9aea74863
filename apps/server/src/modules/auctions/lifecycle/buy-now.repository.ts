import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { auctions, type NewNotification } from '../../../db/schema/index.js';
import { notify } from '../../notifications/notify.js';
import { createChargesForWins } from '../../payments/charges/charges.service.js';
import { LIFECYCLE_TITLES, lostToBuyNowMessage } from './lifecycle.messages.js';
import { rowsOf, timestampParam } from '../../../db/sql-helpers.js';

/** What Buy Now needs to know about an auction before trying. */
export async function findAuctionForBuyNow(db: Db, auctionId: string) {
  const [auction] = await db
    .select({
      id: auctions.id,
      title: auctions.title,
      creatorId: auctions.creatorId,
      currentBid: auctions.currentBid,
      buyNowPrice: auctions.buyNowPrice,
      reservePrice: auctions.reservePrice,
      bidCount: auctions.bidCount,
      endTime: auctions.endTime,
      isActive: auctions.isActive,
      closedAt: auctions.closedAt,
      cancelledAt: auctions.cancelledAt,
    })
    .from(auctions)
    .where(eq(auctions.id, auctionId))
    .limit(1);
  return auction;
}

export interface BoughtAuction {
  id: string;
  title: string;
  creatorId: string;
  currentBid: string;
  bidCount: number;
  winnerId: string;
  bidId: string;
}

/**
 * Accepts Buy Now in ONE conditional statement (docs/engineering.md §7, the same shape as a bid): the
 * auction closes with the buyer as winner at the buy-now price only if it is still open,
 * has a buy-now price the current bid has not reached, and is not the buyer's own; the
 * bid row is inserted from the updated row. Two buyers racing: the second statement waits
 * for the first's row lock, re-checks the conditions, matches nothing and returns
 * undefined. The notifications go out in the same transaction. The bid's createdAt is the
 * database clock after the row lock is held, as for an ordinary bid (bids.repository.ts), so
 * the order of createdAt stays the order of acceptance. The buyer's pending charge is created
 * in the same transaction (docs/charging-and-ledger.md); the route collects it at once.
 */
export async function acceptBuyNow(
  db: Db,
  input: {
    auctionId: string;
    buyerId: string;
    now: Date;
    notifications: (auction: BoughtAuction) => NewNotification[];
  },
): Promise<BoughtAuction | undefined> {
  const at = timestampParam(input.now);
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{
      id: string;
      title: string;
      creator_id: string;
      current_bid: string;
      bid_count: number;
      winner_id: string;
      bid_id: string;
    }>(
      await tx.execute(sql`
        WITH bought AS (
          UPDATE auctions
          SET is_active = false, closed_at = ${at}, end_time = ${at}, updated_at = ${at},
              winner_id = ${input.buyerId}::uuid, current_bid = buy_now_price, bid_count = bid_count + 1
          WHERE id = ${input.auctionId}::uuid
            AND is_active AND closed_at IS NULL AND cancelled_at IS NULL AND end_time > ${at}
            AND buy_now_price IS NOT NULL AND current_bid < buy_now_price
            -- With a reserve, Buy Now goes once a bid meets it (docs/auctions.md, "Reserve price").
            AND (reserve_price IS NULL OR bid_count = 0 OR current_bid < reserve_price)
            AND creator_id <> ${input.buyerId}::uuid
          RETURNING id, title, creator_id, current_bid, bid_count, winner_id
        ), bid AS (
          INSERT INTO bids (auction_id, bidder_id, amount, created_at)
          SELECT id, winner_id, current_bid, clock_timestamp() FROM bought
          RETURNING id
        )
        SELECT bought.id, bought.title, bought.creator_id, bought.current_bid::text AS current_bid,
               bought.bid_count, bought.winner_id, bid.id AS bid_id
        FROM bought CROSS JOIN bid`),
    );
    if (!row) return undefined;
    const bought: BoughtAuction = {
      id: row.id,
      title: row.title,
      creatorId: row.creator_id,
      currentBid: row.current_bid,
      bidCount: Number(row.bid_count),
      winnerId: row.winner_id,
      bidId: row.bid_id,
    };
    await createChargesForWins(
      tx,
      [{ auctionId: bought.id, payerId: bought.winnerId, payeeId: bought.creatorId, amount: bought.currentBid }],
      input.now,
    );
    await notify(tx, input.notifications(bought));
    // Every other bidder lost, in one statement (a new snapshot: it sees every earlier bid).
    await tx.execute(sql`
      INSERT INTO notifications (user_id, type, title, message, related_auction_id)
      SELECT DISTINCT b.bidder_id, 'auction_lost'::notification_type, ${LIFECYCLE_TITLES.lost},
             ${lostToBuyNowMessage(bought.title)}, ${bought.id}::uuid
      FROM bids b
      WHERE b.auction_id = ${bought.id}::uuid AND b.bidder_id <> ${bought.winnerId}::uuid`);
    return bought;
  });
}

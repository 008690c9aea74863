import { displayNameOf } from '@bid/contract';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { notify } from '../../notifications/notify.js';
import { createChargesForWins } from '../../payments/charges/charges.service.js';
import {
  hostEndedMessage,
  LIFECYCLE_TITLES,
  LOST_MESSAGE_PARTS,
  RESERVE_NOT_MET_LOST_PARTS,
  reserveNotMetBidderMessage,
  reserveNotMetHostMessage,
  wonMessage,
} from './lifecycle.messages.js';
import { rowsOf, timestampParam, uuidList } from '../../../db/sql-helpers.js';

/** Auctions closed per transaction; the job runs again at once while a batch comes back full. */
export const CLOSE_BATCH_LIMIT = 100;

export interface ClosedAuction {
  auctionId: string;
  title: string;
  creatorId: string;
  /** The highest bidder (ties: the earliest bid), or null when nobody bid. */
  winnerId: string | null;
  /** The winning bid as a money string ("51.00"), or null when nobody bid. */
  winningBid: string | null;
  /**
   * Whether the reserve price was met; absent without one. False with bids: it ended below the
   * reserve, so no winner (docs/auctions.md, "Reserve price").
   */
  reserveMet?: boolean;
  /** Below the reserve: the highest bidder (no winner) and their bid. */
  highestBidderId?: string;
  highestBid?: string;
  closedAt: Date;
}

/**
 * Closes every auction whose end time has come and that is still open, exactly once even
 * when several app instances run this at the same moment, and tells its bidders in the
 * same transaction: 'auction_won' to the winner, 'auction_lost' to every other bidder, and
 * 'auction_ended' to the host. A won auction's pending charge is created in that transaction
 * too (docs/charging-and-ledger.md), so it has one exactly when it closed with a winner.
 * An auction without bids closes with no winner and sends nothing.
 *
 * Exactly-once comes from the row locks, not from a leader: the first statement locks the
 * due rows with FOR UPDATE SKIP LOCKED, so a concurrent closer skips them, and a closer
 * that reaches a row after this transaction committed sees `is_active = false` and leaves
 * it. The winner is chosen in a SECOND statement on purpose: under READ COMMITTED a
 * statement that waited for a row re-checks that row but reads other tables with its
 * original snapshot, so a bid committed just before the lock could be missed. Once the
 * rows are locked no bid can be accepted on them (accepting one updates the row), and the
 * next statement's snapshot sees every bid that was.
 */
export async function closeDueAuctions(db: Db, now: Date, limit = CLOSE_BATCH_LIMIT): Promise<ClosedAuction[]> {
  const at = timestampParam(now);
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: string }>(
      await tx.execute(sql`
        SELECT id FROM auctions
        WHERE is_active AND closed_at IS NULL AND end_time <= ${at}
        ORDER BY end_time, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`),
    );
    if (due.length === 0) return [];

    const closedRows = rowsOf<{
      id: string;
      title: string;
      creator_id: string;
      winner_id: string | null;
      winning_bid: string | null;
      highest_bidder_id: string | null;
      reserve_met: boolean | null;
    }>(
      await tx.execute(sql`
        WITH top_bid AS (
          SELECT a.id AS auction_id, w.bidder_id, w.amount
          FROM auctions a
          LEFT JOIN LATERAL (
            SELECT b.bidder_id, b.amount
            FROM bids b
            WHERE b.auction_id = a.id AND b.voided_at IS NULL
            -- The leader place_bids keeps wins: an automatic answer at a rival's equal maximum has
            -- the rival's amount (docs/auctions.md). Without one (bids written by hand), the highest
            -- bid, the earliest on a tie.
            ORDER BY COALESCE(b.bidder_id = a.leader_id, false) DESC, b.amount DESC, b.created_at ASC, b.id ASC
            LIMIT 1
          ) w ON true
          WHERE a.id IN (${uuidList(due.map((row) => row.id))})
        )
        UPDATE auctions a
        SET is_active = false, closed_at = ${at}, updated_at = ${at},
            -- Below the reserve price nobody wins (the price reaches the reserve exactly when the
            -- leader's maximum does: the reserve rule of place_bids).
            winner_id = CASE WHEN a.reserve_price IS NOT NULL AND a.current_bid < a.reserve_price THEN NULL
                             ELSE top_bid.bidder_id END
        FROM top_bid
        WHERE a.id = top_bid.auction_id AND a.is_active AND a.closed_at IS NULL
        RETURNING a.id, a.title, a.creator_id, a.winner_id, top_bid.amount::text AS winning_bid,
                  top_bid.bidder_id AS highest_bidder_id,
                  CASE WHEN a.reserve_price IS NULL THEN NULL
                       ELSE top_bid.bidder_id IS NOT NULL AND a.current_bid >= a.reserve_price END AS reserve_met`),
    );
    const closed: ClosedAuction[] = closedRows.map((row) => {
      const belowReserve = row.reserve_met === false && row.highest_bidder_id !== null && row.winning_bid !== null;
      return {
        auctionId: row.id,
        title: row.title,
        creatorId: row.creator_id,
        winnerId: row.winner_id,
        winningBid: belowReserve ? null : row.winning_bid,
        ...(row.reserve_met === null ? {} : { reserveMet: row.reserve_met }),
        ...(belowReserve ? { highestBidderId: row.highest_bidder_id!, highestBid: row.winning_bid! } : {}),
        closedAt: now,
      };
    });

    // The host always hears how their auction ended, with or without a winner.
    const winnerNames = await findDisplayNames(
      tx,
      closed.flatMap((auction) => [auction.winnerId, auction.highestBidderId ?? null].filter((id) => id !== null)),
    );
    const belowReserve = closed.filter((auction) => auction.highestBidderId !== undefined);
    await tellBelowReserve(tx, belowReserve, winnerNames);
    await notify(
      tx,
      closed
        .filter((auction) => auction.highestBidderId === undefined)
        .map((auction) => ({
          userId: auction.creatorId,
          type: 'auction_ended' as const,
          title: LIFECYCLE_TITLES.hostEnded,
          message: hostEndedMessage(
            auction.title,
            auction.winnerId ? (winnerNames.get(auction.winnerId) ?? 'Anonymous') : null,
            auction.winningBid,
          ),
          relatedAuctionId: auction.auctionId,
          relatedUserId: auction.winnerId,
        })),
    );

    const won = closed.filter((auction) => auction.winnerId !== null);
    if (won.length === 0) return closed;

    await createChargesForWins(
      tx,
      won.map((auction) => ({
        auctionId: auction.auctionId,
        payerId: auction.winnerId!,
        payeeId: auction.creatorId,
        amount: auction.winningBid!,
      })),
      now,
    );

    await notify(
      tx,
      won.map((auction) => ({
        userId: auction.winnerId!,
        type: 'auction_won' as const,
        title: LIFECYCLE_TITLES.won,
        message: wonMessage(auction.title, auction.winningBid!),
        relatedAuctionId: auction.auctionId,
        // The winner and the creator may now message each other (docs/product.md §1).
        relatedUserId: auction.creatorId,
      })),
    );
    await tellOtherBidders(tx, won, LOST_MESSAGE_PARTS, sql`a.winner_id`);
    return closed;
  });
}

/**
 * An auction that ended below its reserve price (docs/auctions.md, "Reserve price"): no winner, no
 * charge. The host and the highest bidder hear "The reserve was not met" (the host with how to send
 * the highest bidder a second-chance offer); every other bidder that nobody won, and why.
 */
async function tellBelowReserve(tx: Db, auctions: ClosedAuction[], names: Map<string, string>): Promise<void> {
  if (auctions.length === 0) return;
  await notify(
    tx,
    auctions.flatMap((auction) => [
      {
        userId: auction.creatorId,
        type: 'auction_ended' as const,
        title: LIFECYCLE_TITLES.reserveNotMet,
        message: reserveNotMetHostMessage(
          auction.title,
          names.get(auction.highestBidderId!) ?? 'Anonymous',
          auction.highestBid!,
        ),
        relatedAuctionId: auction.auctionId,
      },
      {
        userId: auction.highestBidderId!,
        type: 'auction_lost' as const,
        title: LIFECYCLE_TITLES.reserveNotMet,
        message: reserveNotMetBidderMessage(auction.title, auction.highestBid!),
        relatedAuctionId: auction.auctionId,
      },
    ]),
  );
  await tellOtherBidders(tx, auctions, RESERVE_NOT_MET_LOST_PARTS, sqlCaseHighest(auctions));
}

/**
 * 'auction_lost' to every bidder of `auctions` but the one `toldAlready` names (per auction, as SQL
 * on `a`), in one statement for the whole batch: the message is `parts[0]` + title + `parts[1]`.
 */
async function tellOtherBidders(
  tx: Db,
  auctions: ClosedAuction[],
  parts: readonly [string, string],
  toldAlready: SQL,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO notifications (user_id, type, title, message, related_auction_id)
    SELECT DISTINCT b.bidder_id, 'auction_lost'::notification_type, ${LIFECYCLE_TITLES.lost},
           ${parts[0]} || a.title || ${parts[1]}, a.id
    FROM auctions a
    JOIN bids b ON b.auction_id = a.id AND b.voided_at IS NULL
    WHERE a.id IN (${uuidList(auctions.map((auction) => auction.auctionId))})
      AND b.bidder_id <> ${toldAlready}`);
}

/** Per auction, its highest bidder, as a CASE on `a.id` (the bidders not to tell twice). */
function sqlCaseHighest(auctions: ClosedAuction[]) {
  return sql`(CASE a.id ${sql.join(
    auctions.map((auction) => sql`WHEN ${auction.auctionId}::uuid THEN ${auction.highestBidderId!}::uuid`),
    sql` `,
  )} END)`;
}

async function findDisplayNames(tx: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, displayNameOf(row)]));
}

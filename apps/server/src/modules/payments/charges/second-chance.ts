import { displayNameOf, parseMoneyToCents } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { NewNotification } from '../../../db/schema/index.js';
import { insertNotifications } from '../../notifications/notifications.repository.js';
import { rowsOf, timestampParam, uuidList } from '../../auctions/lifecycle/sql-helpers.js';
import {
  CHARGE_TITLES,
  nobodyCouldPayMessage,
  releasedMessage,
  secondChanceHostMessage,
  secondChanceWonMessage,
} from './charge.messages.js';
import { insertChargesForWins } from './charges.repository.js';

/** Unpaid wins released per transaction. */
export const RELEASE_BATCH_LIMIT = 20;

export interface ReleasedWin {
  auctionId: string;
  expiredChargeId: string;
  previousWinnerId: string;
  /** The runner-up who now wins (and will be charged), or null when no bidder is left. */
  newWinnerId: string | null;
}

/**
 * Second chance (docs/charging-and-ledger.md): a winner whose charge failed and who did not
 * fix their card by `pay_by` loses the win. Their charge expires, and the auction goes to the
 * highest remaining bidder who has not had a charge on it yet, at that bidder's own highest bid
 * (bidding means agreeing to pay if you win, SPEC §2 bid dialog); a new pending charge is
 * created for them and the charge worker collects it like any other. With nobody left the
 * auction keeps no winner.
 *
 * Exactly once across instances: the failed charges are locked FOR UPDATE SKIP LOCKED and
 * everything happens in that one transaction; a sweeper that reaches a row after this commit
 * re-checks it, sees `expired` and leaves it. A retry racing the sweep is conditional on
 * `status = 'failed' AND pay_by > now`, so only one of them changes the charge.
 */
export async function releaseUnpaidWins(db: Db, now: Date, limit = RELEASE_BATCH_LIMIT): Promise<ReleasedWin[]> {
  const at = timestampParam(now);
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: string; auction_id: string; payer_id: string; payee_id: string; title: string }>(
      await tx.execute(sql`
        SELECT c.id, c.auction_id, c.payer_id, c.payee_id, a.title
        FROM charges c JOIN auctions a ON a.id = c.auction_id
        WHERE c.status = 'failed' AND c.pay_by <= ${at}
        ORDER BY c.pay_by, c.id
        LIMIT ${limit}
        FOR UPDATE OF c SKIP LOCKED`),
    );
    if (due.length === 0) return [];

    // Expired first: the new charges below need the one-live-charge-per-auction slot.
    await tx.execute(sql`
      UPDATE charges SET status = 'expired', locked_until = NULL, updated_at = ${at}
      WHERE id IN (${uuidList(due.map((charge) => charge.id))})`);

    // The highest remaining bid per auction (ties: the earliest) is its bidder's own highest bid.
    const runnersUp = rowsOf<{
      auction_id: string;
      bidder_id: string;
      amount: string;
      first_name: string | null;
      last_name: string | null;
    }>(
      await tx.execute(sql`
        SELECT DISTINCT ON (b.auction_id) b.auction_id, b.bidder_id, b.amount::text AS amount,
               u.first_name, u.last_name
        FROM bids b JOIN users u ON u.id = b.bidder_id
        WHERE b.auction_id IN (${uuidList(due.map((charge) => charge.auction_id))})
          AND NOT EXISTS (
            SELECT 1 FROM charges c WHERE c.auction_id = b.auction_id AND c.payer_id = b.bidder_id
          )
        ORDER BY b.auction_id, b.amount DESC, b.created_at ASC, b.id ASC`),
    );
    const runnerUpOf = new Map(runnersUp.map((row) => [row.auction_id, row]));

    const released: ReleasedWin[] = [];
    const notices: NewNotification[] = [];
    for (const charge of due) {
      const runnerUp = runnerUpOf.get(charge.auction_id);
      await tx.execute(sql`
        UPDATE auctions SET winner_id = ${runnerUp?.bidder_id ?? null}::uuid, updated_at = ${at}
        WHERE id = ${charge.auction_id}::uuid`);
      released.push({
        auctionId: charge.auction_id,
        expiredChargeId: charge.id,
        previousWinnerId: charge.payer_id,
        newWinnerId: runnerUp?.bidder_id ?? null,
      });
      notices.push({
        userId: charge.payer_id,
        type: 'payment_failed',
        title: CHARGE_TITLES.released,
        message: releasedMessage(charge.title, runnerUp !== undefined),
        relatedAuctionId: charge.auction_id,
      });
      if (!runnerUp) {
        notices.push({
          userId: charge.payee_id,
          type: 'auction_ended',
          title: CHARGE_TITLES.nobodyCouldPay,
          message: nobodyCouldPayMessage(charge.title),
          relatedAuctionId: charge.auction_id,
        });
        continue;
      }
      const amountCents = parseMoneyToCents(runnerUp.amount) ?? 0;
      notices.push(
        {
          userId: runnerUp.bidder_id,
          type: 'auction_won',
          title: CHARGE_TITLES.secondChanceWon,
          message: secondChanceWonMessage(charge.title, amountCents),
          relatedAuctionId: charge.auction_id,
          // The new winner and the host may now message each other (SPEC §1).
          relatedUserId: charge.payee_id,
        },
        {
          userId: charge.payee_id,
          type: 'auction_ended',
          title: CHARGE_TITLES.secondChanceHost,
          message: secondChanceHostMessage(
            charge.title,
            displayNameOf({ firstName: runnerUp.first_name, lastName: runnerUp.last_name }),
            amountCents,
          ),
          relatedAuctionId: charge.auction_id,
          relatedUserId: runnerUp.bidder_id,
        },
      );
    }

    await insertChargesForWins(
      tx,
      due.flatMap((charge) => {
        const runnerUp = runnerUpOf.get(charge.auction_id);
        return runnerUp
          ? [
              {
                auctionId: charge.auction_id,
                payerId: runnerUp.bidder_id,
                payeeId: charge.payee_id,
                amount: runnerUp.amount,
              },
            ]
          : [];
      }),
      now,
    );
    await insertNotifications(tx, notices);
    return released;
  });
}

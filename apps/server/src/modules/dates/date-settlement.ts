import { centsToMoneyString, DISPUTE_WINDOW_HOURS, settleDate, type DateSettlement } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notify } from '../notifications/notify.js';
import { releaseBooking } from '../payments/ledger/ledger.bookings.js';
import { bookLedgerTransaction } from '../payments/ledger/ledger.service.js';
import { rowsOf, timestampParam, uuidList } from '../../db/sql-helpers.js';
import { pairOf, payoutWaitingNotice, releasedNotice } from './date.notices.js';
import { findDates, writeSettlement, type DateRecord } from './dates.repository.js';

/**
 * Settling and releasing a date's money (docs/the-date.md, "Releasing the money").
 * Settling fixes the split (fee, host share, refund) when the date ends; releasing books it on
 * the ledger and creates the refund and the payout, once the dispute window has passed with no
 * refund request open. Both happen under the date's row lock or a conditional update, so two
 * instances (or a double click) settle and release each date exactly once.
 */

const HOUR_MS = 3_600_000;

/** What the rule gives for a date that ended at `endedAt` (docs/the-date.md). */
export function ruleSettlementOf(date: DateRecord, endedAt: Date | null): DateSettlement {
  return settleDate({
    winningBidCents: date.amountCents,
    agreedMinutes: date.expectedDuration,
    hostArrivedAt: date.hostArrivedAt,
    winnerArrivedAt: date.winnerArrivedAt,
    endedAt,
  });
}

/**
 * Settles a date by the rule. A host no-show refunds everything at once (there is nothing for
 * the winner to dispute); any other ending opens the DISPUTE_WINDOW_HOURS window.
 */
export async function settleByRule(
  tx: Db,
  date: DateRecord,
  input: { endedAt: Date | null; now: Date },
): Promise<DateSettlement | undefined> {
  const settlement = ruleSettlementOf(date, input.endedAt);
  const disputeUntil =
    settlement.reason === 'host_no_show'
      ? input.now
      : new Date((input.endedAt ?? input.now).getTime() + DISPUTE_WINDOW_HOURS * HOUR_MS);
  const written = await writeSettlement(
    tx,
    date.auctionId,
    { ...settlement, disputeUntil, endedAt: input.endedAt },
    input.now,
  );
  return written ? settlement : undefined;
}

/** Dates released per transaction by one call. */
export const RELEASE_BATCH_LIMIT = 20;

/** Whose pages a change of a date concerns (what `publishDateUpdated` takes). */
export interface DateParties {
  auctionId: string;
  hostId: string;
  winnerId: string;
}

/**
 * Releases settled dates whose dispute window has passed with no refund request open (or the
 * one named). FOR UPDATE SKIP LOCKED lets instances release side by side without taking the
 * same date; the re-check of `released_at IS NULL` in the update keeps a date released once.
 */
export async function releaseDueDates(
  db: Db,
  input: { now: Date; auctionId?: string; limit?: number },
): Promise<DateParties[]> {
  const only = input.auctionId ? sql`AND d.auction_id = ${input.auctionId}::uuid` : sql``;
  const at = timestampParam(input.now);
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ auction_id: string }>(
      await tx.execute(sql`
        WITH due AS (
          SELECT d.auction_id FROM auction_dates d
          WHERE d.settlement_reason IS NOT NULL AND d.released_at IS NULL AND d.dispute_until <= ${at}
            AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.auction_id = d.auction_id AND r.status = 'open')
            ${only}
          ORDER BY d.dispute_until
          LIMIT ${input.limit ?? RELEASE_BATCH_LIMIT}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE auction_dates d SET released_at = ${at}, updated_at = ${at}
        FROM due WHERE d.auction_id = due.auction_id AND d.released_at IS NULL
        RETURNING d.auction_id`),
    );
    const dates = await findDates(
      tx,
      claimed.map((row) => row.auction_id),
    );
    const enabledHosts = await hostsWithEnabledPayoutAccount(
      tx,
      dates.map((date) => date.host.id),
    );
    for (const date of dates) await bookRelease(tx, date, input.now, enabledHosts.has(date.host.id));
    return dates.map((date) => ({ auctionId: date.auctionId, hostId: date.host.id, winnerId: date.winner.id }));
  });
}

/** Which of `hostIds` can be paid now (an enabled payout account), for a whole batch in one query. */
async function hostsWithEnabledPayoutAccount(tx: Db, hostIds: readonly string[]): Promise<Set<string>> {
  if (hostIds.length === 0) return new Set();
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      SELECT user_id FROM payout_accounts WHERE status = 'enabled' AND user_id IN (${uuidList(hostIds)})`),
  );
  return new Set(rows.map((row) => row.user_id));
}

/**
 * The ledger booking, the refund, the payout and the notices of one release. A payout to a host
 * with no enabled account waits (the claim also takes waiting payouts once the account is enabled).
 */
async function bookRelease(tx: Db, date: DateRecord, now: Date, ready: boolean): Promise<void> {
  const keptFee = date.settledFeeCents ?? 0;
  const hostShare = date.settledHostShareCents ?? 0;
  const refund = date.amountCents - keptFee - hostShare;
  if (refund !== (date.settledRefundCents ?? 0) || refund < 0 || hostShare < 0) {
    // The settlement always adds up (the-date.ts, the moderator's checks); never move money that does not.
    throw new Error(`Settlement of auction ${date.auctionId} does not add up to its charge`);
  }
  await bookLedgerTransaction(tx, {
    kind: 'release',
    chargeId: date.chargeId,
    description: `Release of "${date.auctionTitle}" (${date.settlementReason})`,
    entries: releaseBooking({
      hostId: date.host.id,
      payerId: date.winner.id,
      chargedFeeCents: date.feeCents,
      heldShareCents: date.amountCents - date.feeCents,
      keptFeeCents: keptFee,
      hostShareCents: hostShare,
      refundCents: refund,
    }),
  });

  const pair = pairOf(date);
  const at = timestampParam(now);
  if (refund > 0) {
    await tx.execute(sql`
      INSERT INTO refunds (auction_id, charge_id, payer_id, amount, created_at, updated_at)
      VALUES (${date.auctionId}::uuid, ${date.chargeId}::uuid, ${date.winner.id}::uuid,
              ${centsToMoneyString(refund)}::numeric, ${at}, ${at})`);
  }
  if (hostShare > 0) {
    await tx.execute(sql`
      INSERT INTO payouts (auction_id, host_id, amount, status, reminded_at, created_at, updated_at)
      VALUES (${date.auctionId}::uuid, ${date.host.id}::uuid, ${centsToMoneyString(hostShare)}::numeric,
              ${ready ? 'pending' : 'awaiting_account'}, ${ready ? sql`NULL` : at}, ${at}, ${at})`);
    await notify(tx, [releasedNotice(pair, hostShare), ...(ready ? [] : [payoutWaitingNotice(pair, hostShare)])]);
  }
}

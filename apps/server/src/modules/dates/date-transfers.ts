import { PAYOUT_REMINDER_DAYS } from '@bid/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { notify } from '../notifications/notify.js';
import { payoutBooking, refundPaidBooking } from '../payments/ledger/ledger.bookings.js';
import { bookLedgerTransaction } from '../payments/ledger/ledger.service.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { centsOf, rowsOf, timestampParam } from '../../db/sql-helpers.js';
import { paidOutNotice, payoutWaitingNotice, refundSentNotice, type Pair } from './date.notices.js';
import type { DateParties } from './date-settlement.js';

/**
 * Moving released money (docs/the-date.md): refunds back to winners' cards and payouts to
 * hosts' payout accounts. Each is claimed like a charge (a short lock, FOR UPDATE SKIP LOCKED,
 * committed before the provider is called), sent with an idempotency key that never changes
 * (`refund:<id>`, `payout:<id>`), so a retry after a crash or a lost answer can only get the
 * provider's first answer, and recorded with its ledger booking under the claim.
 */

/** A claim older than this belongs to an instance that crashed; the transfer is asked again, same key. */
export const TRANSFER_LOCK_MINUTES = 5;
/** After a refused or unanswered transfer, the next try waits this long. */
export const TRANSFER_RETRY_MINUTES = 15;
const TRANSFER_BATCH_LIMIT = 10;

export interface TransferDeps {
  db: Db;
  paymentProvider: PaymentProvider;
  now: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export const refundIdempotencyKey = (refundId: string) => `refund:${refundId}`;
export const payoutIdempotencyKey = (payoutId: string) => `payout:${payoutId}`;

/** What recording a refund or a payout needs to know about it. */
export interface TransferFacts {
  id: string;
  auctionId: string;
  auctionTitle: string;
  chargeId: string;
  hostId: string;
  payerId: string;
  amountCents: number;
}

interface ClaimedTransfer extends TransferFacts {
  attempt: number;
  /** The charge's payment at the provider (refunds), or the host's payout account (payouts). */
  target: string | null;
}

/**
 * A refund or payout row as read with its date and auction (here and by the provider's events):
 * the payer is the date's winner, the amount is the numeric column as text.
 */
export interface TransferRow {
  id: string;
  auction_id: string;
  title: string;
  charge_id: string;
  host_id: string;
  payer_id: string;
  amount: string;
}

export const transferFactsOf = (row: TransferRow): TransferFacts => ({
  id: row.id,
  auctionId: row.auction_id,
  auctionTitle: row.title,
  chargeId: row.charge_id,
  hostId: row.host_id,
  payerId: row.payer_id,
  amountCents: centsOf(row.amount),
});

/** The two people a transfer's notice is about. */
const pairOfTransfer = (transfer: TransferFacts): Pair => ({
  auctionId: transfer.auctionId,
  auctionTitle: transfer.auctionTitle,
  hostId: transfer.hostId,
  winnerId: transfer.payerId,
});

async function claim(
  db: Db,
  table: 'refunds' | 'payouts',
  input: { now: Date; auctionId?: string },
): Promise<ClaimedTransfer[]> {
  const at = timestampParam(input.now);
  const lockedUntil = timestampParam(new Date(input.now.getTime() + TRANSFER_LOCK_MINUTES * 60_000));
  const only = input.auctionId ? sql`AND t.auction_id = ${input.auctionId}::uuid` : sql``;
  // A payout is only claimed for a host whose payout account is enabled.
  const ready =
    table === 'payouts'
      ? sql`AND EXISTS (SELECT 1 FROM payout_accounts p WHERE p.user_id = t.host_id AND p.status = 'enabled')`
      : sql``;
  const rows = rowsOf<TransferRow & { attempt: number; target: string | null }>(
    await db.execute(sql`
      WITH due AS (
        SELECT t.id FROM ${sql.raw(table)} t
        WHERE t.status IN (${table === 'payouts' ? sql.raw(`'awaiting_account', `) : sql``}'pending', 'processing', 'failed')
          AND (t.locked_until IS NULL OR t.locked_until <= ${at}) ${only} ${ready}
        ORDER BY t.created_at, t.id
        LIMIT ${TRANSFER_BATCH_LIMIT}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${sql.raw(table)} t
      SET status = 'processing', locked_until = ${lockedUntil}, updated_at = ${at},
          attempt = CASE WHEN t.status = 'failed' THEN t.attempt + 1 ELSE t.attempt END
      FROM due, auction_dates d, auctions a, charges c
      WHERE t.id = due.id AND d.auction_id = t.auction_id AND a.id = t.auction_id AND c.id = d.charge_id
      RETURNING t.id, t.auction_id, a.title, d.charge_id, d.host_id, d.winner_id AS payer_id, t.amount::text AS amount,
                t.attempt,
                ${
                  table === 'refunds'
                    ? sql`c.provider_payment_id`
                    : sql`(SELECT account_id FROM payout_accounts p WHERE p.user_id = d.host_id)`
                } AS target`),
  );
  return rows.map((row) => ({ ...transferFactsOf(row), attempt: Number(row.attempt), target: row.target }));
}

/**
 * Marks a refund or payout done (`done`: its status, the provider's id and when) and drops its
 * claim, under `guard`. False, and nothing written, when the guard does not hold.
 */
async function markDone(
  tx: Db,
  table: 'refunds' | 'payouts',
  transfer: TransferFacts,
  done: SQL,
  at: SQL,
  guard: SQL,
): Promise<boolean> {
  const marked = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE ${sql.raw(table)} SET ${done}, failure_message = NULL, locked_until = NULL, updated_at = ${at}
      WHERE id = ${transfer.id}::uuid AND ${guard}
      RETURNING id`),
  );
  return marked.length > 0;
}

/** Marks a claimed transfer failed; the next run after TRANSFER_RETRY_MINUTES tries again with the same key. */
async function markFailed(db: Db, table: 'refunds' | 'payouts', transfer: ClaimedTransfer, message: string, now: Date) {
  const retryAt = timestampParam(new Date(now.getTime() + TRANSFER_RETRY_MINUTES * 60_000));
  await db.execute(sql`
    UPDATE ${sql.raw(table)} SET status = 'failed', failure_message = ${message.slice(0, 500)},
      locked_until = ${retryAt}, updated_at = ${timestampParam(now)}
    WHERE id = ${transfer.id}::uuid AND status = 'processing' AND attempt = ${transfer.attempt}`);
}

export type TransferResult = DateParties & { id: string; outcome: 'succeeded' | 'failed' | 'superseded' };

const resultOf = (transfer: ClaimedTransfer, outcome: TransferResult['outcome']): TransferResult => ({
  id: transfer.id,
  auctionId: transfer.auctionId,
  hostId: transfer.hostId,
  winnerId: transfer.payerId,
  outcome,
});

/** Sends due refunds through the payment provider (or the one of `auctionId`). */
export async function processDueRefunds(
  deps: TransferDeps,
  only: { auctionId?: string } = {},
): Promise<TransferResult[]> {
  const results: TransferResult[] = [];
  const claimed = await claim(deps.db, 'refunds', { now: deps.now(), ...only });
  for (const refund of claimed) {
    if (!refund.target) {
      await markFailed(deps.db, 'refunds', refund, 'The payment to refund is not known.', deps.now());
      results.push(resultOf(refund, 'failed'));
      continue;
    }
    try {
      const outcome = await deps.paymentProvider.refundPayment({
        providerPaymentId: refund.target,
        amountCents: refund.amountCents,
        idempotencyKey: refundIdempotencyKey(refund.id),
        metadata: { refundId: refund.id, auctionId: refund.auctionId, chargeId: refund.chargeId },
      });
      if (outcome.status === 'failed') {
        deps.logger.warn(
          { refundId: refund.id, message: outcome.message },
          'refund refused by the provider; will retry',
        );
        await markFailed(deps.db, 'refunds', refund, outcome.message, deps.now());
        results.push(resultOf(refund, 'failed'));
        continue;
      }
      const recorded = await recordRefundPaid(deps.db, refund, outcome.providerRefundId, deps.now());
      results.push(resultOf(refund, recorded ? 'succeeded' : 'superseded'));
    } catch (err) {
      deps.logger.warn({ err, refundId: refund.id }, 'refund outcome unknown; will retry with the same key');
      await markFailed(deps.db, 'refunds', refund, 'The payment provider did not answer.', deps.now());
      results.push(resultOf(refund, 'failed'));
    }
  }
  return results;
}

async function recordRefundPaid(db: Db, refund: ClaimedTransfer, providerRefundId: string, now: Date) {
  return db.transaction((tx) =>
    settleRefund(tx, refund, providerRefundId, now, sql`status = 'processing' AND attempt = ${refund.attempt}`),
  );
}

/**
 * Records a refund the provider made: the row succeeded, the ledger's `refund` booking, the
 * charge refunded when it was the whole amount, the payer's notice. `guard` says which states of
 * the row may become succeeded: the claimed attempt (the date job), or any state not yet
 * succeeded (the provider's `charge.refunded` event, docs/payments.md "Webhooks"). False, and
 * nothing written, when the guard does not hold: it was recorded already.
 */
export async function settleRefund(
  tx: Db,
  refund: TransferFacts,
  providerRefundId: string | null,
  now: Date,
  guard: SQL,
): Promise<boolean> {
  const at = timestampParam(now);
  const done = sql`status = 'succeeded', provider_refund_id = ${providerRefundId}, succeeded_at = ${at}`;
  if (!(await markDone(tx, 'refunds', refund, done, at, guard))) return false;
  await bookLedgerTransaction(tx, {
    kind: 'refund',
    chargeId: refund.chargeId,
    description: `Refund for "${refund.auctionTitle}"`,
    entries: refundPaidBooking({ payerId: refund.payerId, amountCents: refund.amountCents }),
  });
  // A refund of the whole payment makes the charge refunded (docs/charging-and-ledger.md).
  await tx.execute(sql`
    UPDATE charges SET status = 'refunded', updated_at = ${at}
    WHERE id = ${refund.chargeId}::uuid AND status = 'succeeded' AND amount = ${(refund.amountCents / 100).toFixed(2)}::numeric`);
  await notify(tx, [refundSentNotice(pairOfTransfer(refund), refund.amountCents)]);
  return true;
}

/** Transfers due payouts to hosts' payout accounts (or the one of `auctionId`). */
export async function processDuePayouts(
  deps: TransferDeps,
  only: { auctionId?: string } = {},
): Promise<TransferResult[]> {
  const results: TransferResult[] = [];
  const claimed = await claim(deps.db, 'payouts', { now: deps.now(), ...only });
  for (const payout of claimed) {
    try {
      const { transferId } = await deps.paymentProvider.transferToAccount({
        accountId: payout.target!,
        amountCents: payout.amountCents,
        idempotencyKey: payoutIdempotencyKey(payout.id),
        description: `BidYourDate: your share of "${payout.auctionTitle}"`,
        metadata: { payoutId: payout.id, auctionId: payout.auctionId },
      });
      const recorded = await recordPayoutPaid(deps.db, payout, transferId, deps.now());
      results.push(resultOf(payout, recorded ? 'succeeded' : 'superseded'));
    } catch (err) {
      deps.logger.warn({ err, payoutId: payout.id }, 'payout not confirmed; will retry with the same key');
      const message = err instanceof Error ? err.message : 'The payment provider did not answer.';
      await markFailed(deps.db, 'payouts', payout, message, deps.now());
      results.push(resultOf(payout, 'failed'));
    }
  }
  return results;
}

async function recordPayoutPaid(db: Db, payout: ClaimedTransfer, transferId: string, now: Date) {
  return db.transaction((tx) =>
    settlePayout(tx, payout, transferId, now, sql`status = 'processing' AND attempt = ${payout.attempt}`),
  );
}

/**
 * Records a payout the provider made: the row paid, the ledger's `payout` booking, the host's
 * notice. `guard` as for settleRefund: the claimed attempt, or any state a transfer can still
 * settle (the provider's transfer event).
 */
export async function settlePayout(
  tx: Db,
  payout: TransferFacts,
  transferId: string,
  now: Date,
  guard: SQL,
): Promise<boolean> {
  const at = timestampParam(now);
  const done = sql`status = 'paid', provider_transfer_id = ${transferId}, paid_at = ${at}`;
  if (!(await markDone(tx, 'payouts', payout, done, at, guard))) return false;
  await bookLedgerTransaction(tx, {
    kind: 'payout',
    chargeId: payout.chargeId,
    description: `Payout for "${payout.auctionTitle}"`,
    entries: payoutBooking({ hostId: payout.hostId, amountCents: payout.amountCents }),
  });
  await notify(tx, [paidOutNotice(pairOfTransfer(payout), payout.amountCents)]);
  return true;
}

/**
 * Reminds hosts whose released share waits for a payout account, every PAYOUT_REMINDER_DAYS.
 * The conditional update sends each reminder once, whichever instance gets there first.
 */
export async function remindWaitingPayouts(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const at = timestampParam(now);
    const due = timestampParam(new Date(now.getTime() - PAYOUT_REMINDER_DAYS * 86_400_000));
    const rows = rowsOf<{ auction_id: string; title: string; host_id: string; winner_id: string; amount: string }>(
      await tx.execute(sql`
        UPDATE payouts t SET reminded_at = ${at}, updated_at = ${at}
        FROM auction_dates d, auctions a
        WHERE t.status = 'awaiting_account' AND (t.reminded_at IS NULL OR t.reminded_at <= ${due})
          AND d.auction_id = t.auction_id AND a.id = t.auction_id
        RETURNING t.auction_id, a.title, d.host_id, d.winner_id, t.amount::text AS amount`),
    );
    await notify(
      tx,
      rows.map((row) =>
        payoutWaitingNotice(
          { auctionId: row.auction_id, auctionTitle: row.title, hostId: row.host_id, winnerId: row.winner_id },
          centsOf(row.amount),
        ),
      ),
    );
    return rows.length;
  });
}

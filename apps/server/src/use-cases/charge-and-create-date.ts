// Use case: charge a win through the payment provider and record the outcome (modules/payments);
// a paid win becomes a date to plan (modules/dates) in the same transaction.
import { displayNameOf, PAYMENT_FIX_WINDOW_HOURS } from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { insertDateForCharge } from '../modules/dates/dates.repository.js';
import { notify } from '../modules/notifications/notify.js';
import { chargeBooking } from '../modules/payments/ledger/ledger.bookings.js';
import { recordLedgerTransaction } from '../modules/payments/ledger/ledger.repository.js';
import {
  IDEMPOTENCY_WINDOW_HOURS,
  type ChargeOutcome,
  type PaymentProvider,
} from '../modules/payments/providers/payment-provider.js';
import {
  CHARGE_TITLES,
  failedMessage,
  NO_PAYMENT_METHOD,
  paidMessage,
  receivedMessage,
} from '../modules/payments/charges/charge.messages.js';
import {
  claimDueCharges,
  markChargeFailed,
  markChargeSucceeded,
  type ClaimedCharge,
} from '../modules/payments/charges/charges.repository.js';

/**
 * How long a claim lasts. A provider call takes seconds; a claim older than this belongs to
 * an instance that crashed (or lost the answer) and is taken over, with the same idempotency key.
 */
export const CHARGE_LOCK_MINUTES = 5;
/** Charges claimed per transaction, and claimed batches per call. */
export const CHARGE_BATCH_LIMIT = 10;
const MAX_CHARGE_BATCHES = 5;

export interface ChargeWorkerDeps {
  db: Db;
  paymentProvider: PaymentProvider;
  now: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export type ChargeResult = {
  chargeId: string;
  auctionId: string;
  /** `unknown`: the provider did not answer; the claim lapses and the charge is tried again with the same key. */
  outcome: 'succeeded' | 'failed' | 'unknown' | 'superseded';
};

/** `charge:<id>:attempt:<n>`: the same for every try of one attempt, so the provider charges it once. */
export function chargeIdempotencyKey(chargeId: string, attempt: number): string {
  return `charge:${chargeId}:attempt:${attempt}`;
}

/**
 * Collects due charges (docs/charging-and-ledger.md): claims a batch, asks the provider to
 * charge each payer's default payment method off-session, and records each outcome in one
 * transaction guarded by the claim (`status = 'processing' AND attempt = n`). `only` narrows
 * the queue to one charge (a retry) or one auction (right after Buy Now). Never throws for a
 * single charge's trouble: that charge stays claimed until its lock lapses and is retried.
 */
export async function processDueCharges(
  deps: ChargeWorkerDeps,
  only: { chargeId?: string; auctionId?: string } = {},
): Promise<ChargeResult[]> {
  const results: ChargeResult[] = [];
  for (let batch = 0; batch < MAX_CHARGE_BATCHES; batch += 1) {
    const now = deps.now();
    const claimed = await claimDueCharges(deps.db, {
      ...only,
      now,
      lockedUntil: new Date(now.getTime() + CHARGE_LOCK_MINUTES * 60_000),
      limit: CHARGE_BATCH_LIMIT,
    });
    for (const charge of claimed) results.push(await collect(deps, charge));
    if (claimed.length < CHARGE_BATCH_LIMIT) break;
  }
  return results;
}

async function collect(deps: ChargeWorkerDeps, charge: ClaimedCharge): Promise<ChargeResult> {
  const result = (outcome: ChargeResult['outcome']): ChargeResult => ({
    chargeId: charge.id,
    auctionId: charge.auctionId,
    outcome,
  });
  let outcome: ChargeOutcome;
  try {
    outcome = await askProvider(deps.paymentProvider, charge, deps.now());
  } catch (err) {
    deps.logger.warn(
      { err, chargeId: charge.id, attempt: charge.attempt },
      'charge outcome unknown; it will be retried with the same idempotency key',
    );
    return result('unknown');
  }
  try {
    const recorded = await recordChargeOutcome(deps.db, charge, outcome, deps.now());
    if (recorded) {
      deps.logger.info({ chargeId: charge.id, attempt: charge.attempt, status: outcome.status }, 'charge recorded');
    }
    return result(recorded ? outcome.status : 'superseded');
  } catch (err) {
    // The provider has answered but the answer is not stored: the lapsed claim asks again, same key.
    deps.logger.error({ err, chargeId: charge.id }, 'recording a charge outcome failed; will retry');
    return result('unknown');
  }
}

/** True once an attempt is older than the provider's idempotency window: its key may be forgotten. */
export function isPastIdempotencyWindow(charge: Pick<ClaimedCharge, 'attemptStartedAt'>, now: Date): boolean {
  return now.getTime() - charge.attemptStartedAt.getTime() >= IDEMPOTENCY_WINDOW_HOURS * 3_600_000;
}

async function askProvider(provider: PaymentProvider, charge: ClaimedCharge, now: Date): Promise<ChargeOutcome> {
  if (!charge.customerId) {
    return { status: 'failed', providerPaymentId: null, ...NO_PAYMENT_METHOD };
  }
  // Reconciliation (docs/charging-and-ledger.md): past the window the same key could charge
  // again, so the payment this attempt may have made is looked up by its metadata first.
  if (isPastIdempotencyWindow(charge, now)) {
    const earlier = await provider.findChargePayment({
      customerId: charge.customerId,
      chargeId: charge.id,
      attempt: charge.attempt,
    });
    if (earlier) return earlier;
    // The provider holds no payment for this attempt: the request never reached it, so sending it is the first time.
  }
  return provider.chargeOffSession({
    customerId: charge.customerId,
    amountCents: charge.amountCents,
    currency: 'usd',
    idempotencyKey: chargeIdempotencyKey(charge.id, charge.attempt),
    description: `BidYourDate: "${charge.auctionTitle}"`,
    metadata: { chargeId: charge.id, auctionId: charge.auctionId, attempt: String(charge.attempt) },
  });
}

/**
 * One transaction: the charge's new state, its ledger booking and the notifications, or nothing
 * (false) when this attempt's outcome was recorded already. The worker and provider webhooks
 * (payment-webhooks.ts) both record through it, so whichever comes first wins and only once.
 */
export async function recordChargeOutcome(
  db: Db,
  charge: ClaimedCharge,
  outcome: ChargeOutcome,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (outcome.status === 'succeeded') {
      const marked = await markChargeSucceeded(tx, {
        chargeId: charge.id,
        attempt: charge.attempt,
        providerPaymentId: outcome.providerPaymentId,
        now,
      });
      if (!marked) return false;
      await recordLedgerTransaction(tx, {
        kind: 'charge',
        chargeId: charge.id,
        description: `Payment for "${charge.auctionTitle}"`,
        entries: chargeBooking({ amountCents: charge.amountCents, feeCents: charge.feeCents, hostId: charge.payeeId }),
      });
      // The paid win becomes a date to plan (docs/the-date.md), in the same transaction.
      await insertDateForCharge(tx, {
        auctionId: charge.auctionId,
        chargeId: charge.id,
        hostId: charge.payeeId,
        winnerId: charge.payerId,
      });
      const payerName = displayNameOf({ firstName: charge.payerFirstName, lastName: charge.payerLastName });
      await notify(tx, [
        {
          userId: charge.payerId,
          type: 'payment_succeeded',
          title: CHARGE_TITLES.paid,
          message: paidMessage(charge.auctionTitle, charge.amountCents, charge.feeCents),
          relatedAuctionId: charge.auctionId,
          relatedUserId: charge.payeeId,
        },
        {
          userId: charge.payeeId,
          type: 'payment_succeeded',
          title: CHARGE_TITLES.received,
          message: receivedMessage(payerName, charge.auctionTitle, charge.amountCents, charge.feeCents),
          relatedAuctionId: charge.auctionId,
          relatedUserId: charge.payerId,
        },
      ]);
      return true;
    }

    const payBy = await markChargeFailed(tx, {
      chargeId: charge.id,
      attempt: charge.attempt,
      providerPaymentId: outcome.providerPaymentId,
      code: outcome.code,
      message: outcome.message,
      firstPayBy: new Date(now.getTime() + PAYMENT_FIX_WINDOW_HOURS * 3_600_000),
      now,
    });
    if (!payBy) return false;
    await notify(tx, [
      {
        userId: charge.payerId,
        type: 'payment_failed',
        title: CHARGE_TITLES.failed,
        message: failedMessage({
          auctionTitle: charge.auctionTitle,
          amountCents: charge.amountCents,
          reason: outcome.message,
          payBy,
          now,
        }),
        relatedAuctionId: charge.auctionId,
        relatedUserId: charge.payeeId,
      },
    ]);
    return true;
  });
}

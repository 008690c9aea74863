import { randomUUID } from 'node:crypto';
import { centsToMoneyString, PAYMENT_FIX_WINDOW_HOURS, parseMoneyToCents, serviceFeeCents } from '@bid/contract';
import type { Db } from '../db/client.js';
import { charges, sandboxPayments } from '../db/schema/index.js';
import { settleByRule } from '../modules/dates/date-settlement.js';
import { findDate, insertDateForCharge, updateDate } from '../modules/dates/dates.repository.js';
import { chargeBooking } from '../modules/payments/ledger/ledger.bookings.js';
import { recordLedgerTransaction } from '../modules/payments/ledger/ledger.repository.js';
import { sandboxId } from '../modules/payments/providers/sandbox-ids.js';
import type { DemoStage } from './demo-plan.js';

/**
 * The payments and dates of the won demo auctions (docs/the-date.md, "The demo's dates"), written
 * in the seed's transaction with the same repository functions the charge worker and the date
 * routes use, so every row is one the app itself could have made: a charge with its sandbox
 * payment and ledger booking, the date it opens, and for the later stages the plan, Date Mode's
 * check-ins and the settlement by the rule.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The agreed start of each stage's date, from the seed's `now`. */
const STARTS_IN: Partial<Record<DemoStage, number>> = {
  // Date Mode opens 2 hours before the start (DATE_MODE_OPENS_MINUTES_BEFORE) and "I've arrived"
  // 15 minutes before: at 90 minutes the demo opens in Date Mode with the arrival still ahead.
  'date-mode': 90 * MINUTE,
  finished: -20 * HOUR,
  'to-review': -30 * HOUR,
};

/** A public place by the kind of outing (the plan's place must be public, docs/the-date.md). */
const PLACES: Record<string, string> = {
  coffee: 'The corner café on Main Street',
  dinner: 'The Italian place by the station',
  activity: 'The main entrance of the city park',
};

export interface DemoStageInput {
  stage: DemoStage;
  auctionId: string;
  auctionTitle: string;
  dateType: string;
  amount: string;
  hostId: string;
  winnerId: string;
  /** The winner's sandbox customer: the demo cards' customer. */
  customerId: string;
  auctionEndedAt: Date;
}

export async function seedDemoStage(tx: Db, input: DemoStageInput, now: Date): Promise<void> {
  const amountCents = parseMoneyToCents(input.amount);
  if (amountCents === undefined) throw new Error(`demo auction ${input.auctionId} has no price`);
  const feeCents = serviceFeeCents(amountCents);
  const attemptAt = new Date(input.auctionEndedAt.getTime() + MINUTE);
  const chargeId = randomUUID();
  const paymentId = sandboxId('pi');

  // The charge's first attempt at the sandbox, a minute after the close; the stage says how it went.
  const payment = {
    id: paymentId,
    idempotencyKey: `charge:${chargeId}:attempt:1`,
    customerId: input.customerId,
    amountCents,
    metadata: { chargeId, auctionId: input.auctionId, attempt: '1' },
    createdAt: attemptAt,
  };
  const charge = {
    id: chargeId,
    auctionId: input.auctionId,
    payerId: input.winnerId,
    payeeId: input.hostId,
    amount: input.amount,
    fee: centsToMoneyString(feeCents),
    providerPaymentId: paymentId,
    attemptStartedAt: attemptAt,
    createdAt: input.auctionEndedAt,
    updatedAt: attemptAt,
  };

  if (input.stage === 'unpaid') {
    // Declined at the close: the winner has PAYMENT_FIX_WINDOW_HOURS from then to pay with a card.
    const declined = { code: 'card_declined', message: 'Your card was declined.' };
    await tx
      .insert(sandboxPayments)
      .values({ ...payment, status: 'failed', declineCode: declined.code, declineMessage: declined.message });
    await tx.insert(charges).values({
      ...charge,
      status: 'failed',
      failureCode: declined.code,
      failureMessage: declined.message,
      payBy: new Date(attemptAt.getTime() + PAYMENT_FIX_WINDOW_HOURS * HOUR),
    });
    return;
  }

  await tx.insert(sandboxPayments).values({ ...payment, status: 'succeeded' });
  await tx.insert(charges).values({ ...charge, status: 'succeeded', succeededAt: attemptAt });
  await recordLedgerTransaction(tx, {
    kind: 'charge',
    chargeId,
    description: `Payment for "${input.auctionTitle}"`,
    entries: chargeBooking({ amountCents, feeCents, hostId: input.hostId }),
  });
  await insertDateForCharge(tx, {
    auctionId: input.auctionId,
    chargeId,
    hostId: input.hostId,
    winnerId: input.winnerId,
  });

  const startsIn = STARTS_IN[input.stage];
  if (startsIn === undefined) return; // 'to-plan': paid, nothing agreed yet.
  const startsAt = new Date(Math.floor((now.getTime() + startsIn) / MINUTE) * MINUTE);
  const agreedAt = new Date(Math.min(now.getTime(), startsAt.getTime()) - 6 * HOUR);
  await updateDate(tx, input.auctionId, agreedAt, {
    place: PLACES[input.dateType] ?? PLACES.coffee!,
    startsAt,
    agreedAt,
    // A past date's reminder went out; the upcoming one's is the date job's to send.
    reminderSentAt: startsAt < now ? new Date(startsAt.getTime() - HOUR) : null,
  });
  if (startsAt >= now) return;

  // A finished date: both checked in, ended after its expected length, settled by the rule.
  const date = await findDate(tx, input.auctionId);
  if (!date) throw new Error(`demo date ${input.auctionId} was not written`);
  const endedAt = new Date(startsAt.getTime() + date.expectedDuration * MINUTE);
  await updateDate(tx, input.auctionId, endedAt, {
    startedAt: new Date(startsAt.getTime() - 10 * MINUTE),
    hostArrivedAt: new Date(startsAt.getTime() - 5 * MINUTE),
    winnerArrivedAt: startsAt,
    hostSafeAt: new Date(startsAt.getTime() + 30 * MINUTE),
    winnerSafeAt: new Date(startsAt.getTime() + 30 * MINUTE),
    endedAt,
  });
  const ended = await findDate(tx, input.auctionId);
  await settleByRule(tx, ended!, { endedAt, now: endedAt });
}

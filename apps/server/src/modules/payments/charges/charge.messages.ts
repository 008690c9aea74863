import { formatAmountPlain } from '@bid/contract';
import { NO_PAYMENT_METHOD_MESSAGE } from '../providers/payment-provider.js';

/**
 * The words of the payment notifications and of the retry route's refusals. Unlike bids
 * (SPEC §9's whole dollars), a charge is shown to the cent: it is what the bank statement says.
 */
export const CHARGE_TITLES = {
  paid: 'Payment successful',
  received: 'Payment received',
  failed: 'Payment failed',
  released: 'Your win was released',
  secondChanceWon: 'You won after all!',
  secondChanceHost: 'Your date has a new winner',
  nobodyCouldPay: 'Nobody could pay for your date',
} as const;

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  alreadyPaid: 'This payment has already been made.',
  inProgress: 'This payment is already being processed.',
  windowPassed: 'The time to fix this payment has passed.',
  refunded: 'This payment was refunded.',
} as const;

/** Why a charge failed when the winner has never saved a card (no provider customer yet), as the providers say it. */
export const NO_PAYMENT_METHOD = { code: 'no_payment_method', message: NO_PAYMENT_METHOD_MESSAGE } as const;

const dollars = (cents: number) => `$${formatAmountPlain(cents)}`;

export function paidMessage(auctionTitle: string, amountCents: number, feeCents: number): string {
  return `Your card was charged ${dollars(amountCents)} for "${auctionTitle}" (including the ${dollars(feeCents)} service fee).`;
}

/** The host's share is escrowed (SPEC §1 static pages: funds are held in escrow). */
export function receivedMessage(
  payerName: string,
  auctionTitle: string,
  amountCents: number,
  feeCents: number,
): string {
  return `${payerName} paid ${dollars(amountCents)} for "${auctionTitle}". Your share of ${dollars(amountCents - feeCents)} is held until the date happens.`;
}

/** "48 hours", "1 hour": the time left to fix a card, rounded up to whole hours. */
export function describeHoursLeft(payBy: Date, now: Date): string {
  const hours = Math.max(1, Math.ceil((payBy.getTime() - now.getTime()) / 3_600_000));
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function failedMessage(input: {
  auctionTitle: string;
  amountCents: number;
  reason: string;
  payBy: Date;
  now: Date;
}): string {
  const reason = input.reason.trim().replace(/[.!]?$/, '.');
  return (
    `We could not charge ${dollars(input.amountCents)} for "${input.auctionTitle}": ${reason} ` +
    `Add or update a card on the Payment Methods tab of your profile and retry the payment within ${describeHoursLeft(input.payBy, input.now)}, ` +
    'or the date goes to the next-highest bidder.'
  );
}

export function releasedMessage(auctionTitle: string, hasNewWinner: boolean): string {
  const next = hasNewWinner ? 'the date went to the next-highest bidder' : 'your win was released';
  return `The time to fix your payment for "${auctionTitle}" has passed, so ${next}. You have not been charged.`;
}

/** Bidding means agreeing to pay if you win (SPEC §2 bid dialog), so the runner-up is charged at their own bid. */
export function secondChanceWonMessage(auctionTitle: string, amountCents: number): string {
  return `Second chance: the winner of "${auctionTitle}" could not pay, so the date is yours at your bid of ${dollars(amountCents)}. Your card on file will be charged ${dollars(amountCents)}.`;
}

export function secondChanceHostMessage(auctionTitle: string, newWinnerName: string, amountCents: number): string {
  return `The winner of "${auctionTitle}" could not pay, so the date now goes to ${newWinnerName} at ${dollars(amountCents)}: say hello in Messages.`;
}

export function nobodyCouldPayMessage(auctionTitle: string): string {
  return `The winner of "${auctionTitle}" could not pay and no other bidder is left, so the auction ended without a winner.`;
}

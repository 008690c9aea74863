import { formatAmountPlain } from '@bid/contract';
import { NO_PAYMENT_METHOD_MESSAGE } from '../providers/payment-provider.js';

/**
 * The words of the payment notifications and of the retry route's refusals. Unlike bids
 * (docs/product.md §9's whole dollars), a charge is shown to the cent: it is what the bank statement says.
 */
export const CHARGE_TITLES = {
  paid: 'Payment successful',
  received: 'Payment received',
  failed: 'Payment failed',
  released: 'Your win was released',
  offered: 'Second chance offer',
  offeredHost: 'Your date was offered to the next bidder',
  offerLapsed: 'Second chance offer expired',
  secondChanceWon: 'You won!',
  secondChanceHost: 'Your date has a new winner',
  nobodyCouldPay: 'Nobody could pay for your date',
  reserveOfferNotTaken: 'Your second-chance offer was not taken',
} as const;

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  alreadyPaid: 'This payment has already been made.',
  inProgress: 'This payment is already being processed.',
  windowPassed: 'The time to fix this payment has passed.',
  refunded: 'This payment was refunded.',
  notAcceptedYet: 'Accept this offer first: you are charged only if you accept.',
  offerPassed: 'The time to accept this offer has passed.',
  offerAccepted: 'You have already accepted this offer.',
  offerDeclined: 'You have already declined this offer.',
  /** Accept or decline of a winner's own charge, which was never offered to anyone. */
  notAnOffer: 'This payment is not an offer.',
} as const;

/** Why a charge failed when the winner has never saved a card (no provider customer yet), as the providers say it. */
export const NO_PAYMENT_METHOD = { code: 'no_payment_method', message: NO_PAYMENT_METHOD_MESSAGE } as const;

const dollars = (cents: number) => `$${formatAmountPlain(cents)}`;

export function paidMessage(auctionTitle: string, amountCents: number, feeCents: number): string {
  return `Your card was charged ${dollars(amountCents)} for "${auctionTitle}" (including the ${dollars(feeCents)} service fee).`;
}

/** The host's share is escrowed (docs/product.md §1 static pages: funds are held in escrow). */
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
    'or the date is offered to the next-highest bidder.'
  );
}

export function releasedMessage(auctionTitle: string, hasNextBidder: boolean): string {
  const next = hasNextBidder ? 'the date was offered to the next-highest bidder' : 'your win was released';
  return `The time to fix your payment for "${auctionTitle}" has passed, so ${next}. You have not been charged.`;
}

/**
 * Losing bidders were told "You will not be charged" when the auction closed, so the runner-up
 * is asked, not charged: nothing is taken unless they accept.
 */
export function offeredMessage(auctionTitle: string, amountCents: number, payBy: Date, now: Date): string {
  return (
    `The winner of "${auctionTitle}" could not pay. The date can be yours for your bid of ${dollars(amountCents)}: ` +
    `accept within ${describeHoursLeft(payBy, now)} in Payments on your profile. You are charged only if you accept.`
  );
}

export function offeredHostMessage(auctionTitle: string): string {
  return `The winner of "${auctionTitle}" could not pay, so the date was offered to the next-highest bidder. We will tell you when they accept.`;
}

export function offerLapsedMessage(auctionTitle: string, hasNextBidder: boolean): string {
  const next = hasNextBidder ? ', so it was offered to the next bidder' : '';
  return `You did not accept the second chance offer for "${auctionTitle}" in time${next}. You have not been charged.`;
}

export function secondChanceWonMessage(auctionTitle: string, amountCents: number): string {
  return `You accepted the second chance offer: "${auctionTitle}" is yours for ${dollars(amountCents)}. Your card on file is being charged ${dollars(amountCents)}.`;
}

export function secondChanceHostMessage(auctionTitle: string, newWinnerName: string, amountCents: number): string {
  return `${newWinnerName} accepted the second chance offer for "${auctionTitle}" at ${dollars(amountCents)}, so the date now goes to them: say hello in Messages.`;
}

/** `hadOffers`: the date was offered to other bidders, and none of them took it. */
export function nobodyCouldPayMessage(auctionTitle: string, hadOffers: boolean): string {
  const nobody = hadOffers ? 'no other bidder took the date' : 'no other bidder is left';
  return `The winner of "${auctionTitle}" could not pay and ${nobody}, so the auction ended without a winner.`;
}

/** The highest bidder of an auction that ended below its reserve, offered the date by its host. */
export function reserveOfferedMessage(auctionTitle: string, amountCents: number, payBy: Date, now: Date): string {
  return (
    `The reserve of "${auctionTitle}" was not met, but the host offers you the date for your bid of ${dollars(amountCents)}: ` +
    `accept within ${describeHoursLeft(payBy, now)} in Payments on your profile. You are charged only if you accept.`
  );
}

/** The host, when the highest bidder declined their offer or let it lapse: the auction stays without a winner. */
export function reserveOfferNotTakenMessage(auctionTitle: string): string {
  return `The highest bidder did not take your second-chance offer for "${auctionTitle}", so the auction ended without a winner.`;
}

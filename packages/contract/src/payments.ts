import { SERVICE_FEE_RATE } from './constants.js';

// The payment API's schemas are in payment-schemas.ts: this module is free of zod (docs/performance.md).

/**
 * Payments (docs/product.md §1, §3, §7, §8; docs/payments.md). Amounts travel as money strings
 * ("51.00") and are computed in integer cents (money.ts), never floats.
 */

/** docs/product.md §1: the service fee is 10% of a successful bid, rounded half up to the cent. */
export function serviceFeeCents(amountCents: number): number {
  // amountCents * 10 is an integer, so the division by 100 is the only rounding step.
  return Math.round((amountCents * Math.round(SERVICE_FEE_RATE * 100)) / 100);
}

/** How long a winner whose card was declined has to fix it before the runner-up is offered the date. */
export const PAYMENT_FIX_WINDOW_HOURS = 48;

/**
 * How long the runner-up has to accept a second chance offer (docs/charging-and-ledger.md)
 * before it passes to the next bidder. They are charged only if they accept.
 */
export const SECOND_CHANCE_OFFER_HOURS = 24;

export const PAYMENT_METHOD_TYPES = ['card', 'us_bank_account'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** Which payment provider the server uses; the web app reads it from its app config. */
export type PaymentsClientConfig = { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };

/**
 * A charge's life (docs/charging-and-ledger.md): pending → processing → succeeded, or → failed
 * (the winner may fix their card until `payBy`) → expired (the runner-up is offered the date).
 * A second chance starts as offered (the runner-up may accept until `payBy`): accepted it
 * becomes pending, declined or left to lapse it becomes expired. refunded is set by a refund.
 */
export const CHARGE_STATUSES = [
  'offered',
  'pending',
  'processing',
  'succeeded',
  'failed',
  'expired',
  'refunded',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * Rows of GET /api/payments: `charge` is what the member paid for a date they won; `earning`
 * is their share of a date they hosted (the winning amount less the fee, held until the date
 * happens); `release` is the host's share released after the date (docs/the-date.md); `payout`
 * is a released share transferred to the host's payout account; `refund` is money returned to
 * the winner.
 */
export const PAYMENT_KINDS = ['charge', 'earning', 'release', 'payout', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** docs/product.md §1: bidders are charged only if they win, so a bid needs a card on file to charge then. */
export const PAYMENT_METHOD_REQUIRED = 'Add a payment method before bidding. Your card is only charged if you win.';

/** docs/product.md §8 payment toasts, word for word. */
export const PAYMENT_TOASTS = {
  configErrorTitle: 'Stripe Configuration Error',
  configErrorDescription: 'Stripe is not properly configured. Please check your domain settings in Stripe dashboard.',
  methodFailedTitle: 'Payment Method Failed',
  methodFailedFallback: 'Stripe is not properly configured. Please check your domain settings in Stripe dashboard.',
  errorTitle: 'Error',
  errorDescription: 'Failed to add payment method',
  setupFailedTitle: 'Setup Failed',
  setupFailedDescription: 'Failed to setup payment method',
  removalFailedTitle: 'Removal Failed',
  removalFailedDescription: 'Failed to remove payment method',
  addedTitle: 'Payment Method Added',
  removedTitle: 'Payment Method Removed',
} as const;

import { z } from 'zod';
import { SERVICE_FEE_RATE } from './constants.js';

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

/** docs/product.md §3 "Payment method", as the server reads it from the provider (Stripe's field names). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  card: z
    .object({ last4: z.string(), brand: z.string(), exp_month: z.number().int(), exp_year: z.number().int() })
    .optional(),
  us_bank_account: z
    .object({
      bank_name: z.string().nullable(),
      last4: z.string().nullable(),
      account_type: z.string().nullable(),
      account_holder_type: z.string().nullable(),
    })
    .optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponseSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

export const setupIntentResponseSchema = z.object({ clientSecret: z.string() });
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** Which payment provider the server uses; the web app reads it from its app config. */
export type PaymentsClientConfig = { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };

/** The sandbox card form's call (only while the offline sandbox is the provider). */
export const sandboxConfirmSetupSchema = z.object({
  clientSecret: z.string().min(1, 'Missing setup secret').max(200),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expMonth: z.coerce
    .number({ error: "Your card's expiration month is invalid." })
    .int("Your card's expiration month is invalid.")
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce
    .number({ error: "Your card's expiration year is invalid." })
    .int("Your card's expiration year is invalid.")
    .min(2000, "Your card's expiration year is invalid.")
    .max(2100, "Your card's expiration year is invalid."),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type SandboxConfirmSetupInput = z.input<typeof sandboxConfirmSetupSchema>;

/** The answer of a setup confirmation: done, or the browser must go to `redirectUrl` to authenticate. */
export const confirmSetupResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), paymentMethodId: z.string() }),
  z.object({ status: z.literal('requires_action'), redirectUrl: z.string() }),
]);
export type ConfirmSetupResponse = z.infer<typeof confirmSetupResponseSchema>;

/** The sandbox's stand-in for a bank's 3-D Secure page: the member completes or fails it. */
export const sandboxAuthenticateSetupSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});

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

export const paymentRecordSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  auctionTitle: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** The winning amount (a charge or earning), the host's share (a release or payout) or the amount returned (a refund). */
  amount: z.string(),
  /** The 10% service fee included in `amount`. */
  fee: z.string(),
  status: z.string(),
  /** Why the last attempt failed, for the payer of a failed charge. */
  failureMessage: z.string().nullable(),
  /** Until when the payer of a failed charge may fix their card, or an offer may be accepted (ISO), else null. */
  payBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export const paymentsResponseSchema = z.object({ payments: z.array(paymentRecordSchema) });
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;

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

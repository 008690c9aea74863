import { z } from 'zod';
import { PAYMENT_KINDS, PAYMENT_METHOD_TYPES } from './payments.js';

// The payment API's schemas (docs/payments.md), apart from payments.ts so that pages which only
// show a payment rule do not load zod (docs/performance.md).

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

/**
 * POST /api/auctions/{id}/second-chance takes no fields: the offer is always to the highest
 * bidder at their highest bid (docs/auctions.md, "Reserve price"). A field is refused by name.
 */
export const SECOND_CHANCE_NO_FIELDS_MESSAGE = 'A second-chance offer takes no fields';
export const secondChanceRequestSchema = z.preprocess(
  (value) => value ?? {},
  z.record(z.string(), z.unknown(), { error: SECOND_CHANCE_NO_FIELDS_MESSAGE }).superRefine((body, ctx) => {
    const [field] = Object.keys(body);
    if (field !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: SECOND_CHANCE_NO_FIELDS_MESSAGE });
  }),
);

export const secondChanceOfferSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  status: z.literal('offered'),
  amount: z.string(),
  payBy: z.string(),
  bidder: z.object({ id: z.string(), displayName: z.string() }),
});

/** POST /api/payments/webhook's acknowledgement of a provider event (docs/payments.md, "Webhooks"). */
export const paymentEventResultSchema = z.object({
  received: z.literal(true),
  /** The event id was applied before: acknowledged, nothing done. */
  duplicate: z.boolean(),
  /** Something changed (a charge, refund, payout or payout account); false for events about nothing we hold or already so. */
  applied: z.boolean(),
});
export type PaymentEventResult = z.infer<typeof paymentEventResultSchema>;

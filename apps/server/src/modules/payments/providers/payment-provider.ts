import type { PaymentMethod } from '@bid/contract';

/**
 * What the product needs from a card payment provider (docs/payments.md). Two implementations:
 * Stripe when STRIPE_SECRET_KEY is set, and the offline sandbox otherwise, which keeps its
 * records in the database and behaves like Stripe's test mode with Stripe's test card numbers.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';

  /** Creates the provider's customer for a member. The key makes a repeated call return the same customer. */
  createCustomer(input: { userId: string; email: string | null; idempotencyKey: string }): Promise<string>;

  /** A SetupIntent for saving a card (or bank account) for later, off-session payments. */
  createSetupIntent(customerId: string): Promise<{ clientSecret: string }>;

  /** The customer's saved payment methods, newest first, in docs/product.md §3's shape. */
  listPaymentMethods(customerId: string): Promise<PaymentMethod[]>;

  /** Removes a saved payment method. False (and nothing changes) when it is not this customer's. */
  detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<boolean>;

  /**
   * Charges the customer's newest saved card without them present (bank accounts are listed
   * but never charged: a debit settles days later).
   * The idempotency key makes a repeated call with the same key answer with the first call's
   * outcome instead of charging again. Throws only when the outcome is unknown (network,
   * provider outage): the caller then retries later with the same key.
   */
  chargeOffSession(input: ChargeRequest): Promise<ChargeOutcome>;

  /**
   * Looks up what an earlier chargeOffSession made, by the metadata it carried (`chargeId` and
   * `attempt`), for an attempt older than the provider's idempotency window, whose key the
   * provider may have forgotten (docs/charging-and-ledger.md, "Reconciliation"). Undefined when
   * the provider holds no such payment: the request never reached it. Throws when it cannot tell.
   */
  findChargePayment(input: {
    customerId: string;
    chargeId: string;
    attempt: number;
  }): Promise<ChargeOutcome | undefined>;

  /**
   * Refunds part or all of a succeeded payment. Same key -> same refund, never two. Throws only
   * when the outcome is unknown: the caller then retries later with the same key.
   */
  refundPayment(input: RefundRequest): Promise<RefundOutcome>;

  /** Creates the member's payout account (Stripe Connect Express account; the sandbox's own). Same key -> same account. */
  createPayoutAccount(input: { userId: string; email: string | null; idempotencyKey: string }): Promise<string>;

  /** Where the member completes onboarding (Stripe Account Link of type account_onboarding; the sandbox page /payouts/sandbox-onboarding). */
  createPayoutOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;

  /** Whether the account can receive payouts now (Stripe: account.payouts_enabled && transfers capability active). */
  isPayoutAccountReady(accountId: string): Promise<boolean>;

  /**
   * Moves money to the connected account (Stripe transfer). Same key -> same transfer. Throws
   * when the outcome is unknown or refused: the caller retries later with the same key.
   */
  transferToAccount(input: TransferRequest): Promise<{ transferId: string }>;
}

export interface RefundRequest {
  /** The payment's id at the provider (ChargeOutcome.providerPaymentId of a succeeded charge). */
  providerPaymentId: string;
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** Stripe refunds may stay 'pending' for some payment methods; pending counts as accepted. */
export type RefundOutcome =
  | { status: 'succeeded' | 'pending'; providerRefundId: string }
  | { status: 'failed'; providerRefundId: string | null; message: string };

export interface TransferRequest {
  /** The connected (payout) account the money goes to. */
  accountId: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * How long a provider is sure to remember an idempotency key (Stripe: at least 24 hours). An
 * attempt whose outcome is still unknown after this is looked up, never sent again blindly.
 */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The failure of a charge when the payer has no saved card; they fix it by adding one. */
export const NO_PAYMENT_METHOD_MESSAGE = 'You have no saved card to charge. Add a card in your profile and try again.';

export interface ChargeRequest {
  customerId: string;
  amountCents: number;
  currency: 'usd';
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export type ChargeOutcome =
  | { status: 'succeeded'; providerPaymentId: string }
  | {
      status: 'failed';
      providerPaymentId: string | null;
      /** card_declined, authentication_required, no_payment_method, expired_card, ... */
      code: string;
      /** The provider's message, safe to show to the payer. */
      message: string;
    };

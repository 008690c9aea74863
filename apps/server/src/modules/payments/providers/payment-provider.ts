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

  /** The customer's saved payment methods, newest first, in SPEC §3's shape. */
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
}

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

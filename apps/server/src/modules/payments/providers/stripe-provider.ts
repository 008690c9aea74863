import type { PaymentMethod } from '@bid/contract';
import Stripe from 'stripe';
import {
  NO_PAYMENT_METHOD_MESSAGE,
  type ChargeOutcome,
  type PaymentProvider,
  type RefundOutcome,
} from './payment-provider.js';

/**
 * Stripe (docs/payments.md, "Providers"): a Stripe customer per member, SetupIntents confirmed
 * in the browser by Stripe Elements, and off-session PaymentIntents for won auctions. Card
 * numbers never reach this server.
 */
export interface StripeProviderOptions {
  /**
   * Where the API lives. Only tests change it, to a local server that answers like Stripe
   * (test/integration/stripe-provider.test.ts): this machine cannot reach api.stripe.com.
   */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries connection errors and 5xx answers, reusing the request's idempotency key. */
  maxNetworkRetries?: number;
}

const SAVED_METHOD_TYPES = new Set<string>(['card', 'us_bank_account']);

/** A Stripe PaymentMethod in docs/product.md §3's shape (null for types the product does not show). */
export function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod | null {
  if (method.type === 'card' && method.card) {
    const { last4, brand, exp_month, exp_year } = method.card;
    return { id: method.id, type: 'card', card: { last4, brand, exp_month, exp_year } };
  }
  if (method.type === 'us_bank_account' && method.us_bank_account) {
    const { bank_name, last4, account_type, account_holder_type } = method.us_bank_account;
    return {
      id: method.id,
      type: 'us_bank_account',
      us_bank_account: { bank_name, last4, account_type, account_holder_type },
    };
  }
  return null;
}

function customerIdOf(method: Stripe.PaymentMethod): string | null {
  const { customer } = method;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * A Stripe Refund as our outcome. pending (and requires_action, which cards never need) is
 * accepted: Stripe finishes it on its own. Any status this adapter does not know is unknown.
 */
export function refundOutcomeOf(refund: Stripe.Refund): RefundOutcome {
  switch (refund.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRefundId: refund.id };
    case 'pending':
    case 'requires_action':
      return { status: 'pending', providerRefundId: refund.id };
    case 'failed':
    case 'canceled':
      return {
        status: 'failed',
        providerRefundId: refund.id,
        message: `The refund ${refund.status === 'canceled' ? 'was canceled' : 'failed'}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}.`,
      };
    default:
      throw new Error(`Stripe Refund ${refund.id} is ${refund.status}; its outcome is not known yet.`);
  }
}

function isMissingResource(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

export function createStripeProvider(secretKey: string, options: StripeProviderOptions = {}): PaymentProvider {
  const { maxNetworkRetries = 2, ...address } = options;
  const stripe = new Stripe(secretKey, { maxNetworkRetries, timeout: 20_000, telemetry: false, ...address });

  async function listSaved(customerId: string, type?: 'card'): Promise<Stripe.PaymentMethod[]> {
    const page = await stripe.customers.listPaymentMethods(customerId, { limit: 100, ...(type ? { type } : {}) });
    return page.data.filter((method) => SAVED_METHOD_TYPES.has(method.type)).sort((a, b) => b.created - a.created);
  }

  return {
    name: 'stripe',

    async createCustomer({ userId, email, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { userId } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        // Stripe API 2026-10: the list of types a SetupIntent may use (formerly payment_method_types).
        allowed_payment_method_types: ['card', 'us_bank_account'],
      });
      if (!intent.client_secret) throw new Error(`Stripe returned SetupIntent ${intent.id} without a client secret.`);
      return { clientSecret: intent.client_secret };
    },

    async listPaymentMethods(customerId) {
      const methods = await listSaved(customerId);
      return methods.map(toPaymentMethod).filter((method): method is PaymentMethod => method !== null);
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (err) {
        if (isMissingResource(err)) return false;
        throw err;
      }
      // Stripe would detach anyone's method given its id: the owner check is ours.
      if (customerIdOf(method) !== customerId) return false;
      await stripe.paymentMethods.detach(paymentMethodId);
      return true;
    },

    async chargeOffSession(request): Promise<ChargeOutcome> {
      // Bank debits settle days later, which a won auction's charge cannot wait for: cards only.
      const [card] = await listSaved(request.customerId, 'card');
      if (!card) {
        return {
          status: 'failed',
          providerPaymentId: null,
          code: 'no_payment_method',
          message: NO_PAYMENT_METHOD_MESSAGE,
        };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: request.customerId,
            payment_method: card.id,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', providerPaymentId: intent.id };
        if (intent.status === 'requires_action' || intent.status === 'requires_payment_method') {
          return {
            status: 'failed',
            providerPaymentId: intent.id,
            code: intent.last_payment_error?.code ?? 'authentication_required',
            message:
              intent.last_payment_error?.message ?? 'Your card was declined. This transaction requires authentication.',
          };
        }
        // processing (or a state this adapter does not know): the outcome is not decided yet.
        throw new Error(`Stripe PaymentIntent ${intent.id} is ${intent.status}; its outcome is not known yet.`);
      } catch (err) {
        // A card error is the bank's answer (declined, needs authentication): a decided outcome.
        if (err instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerPaymentId: err.payment_intent?.id ?? null,
            code: err.code ?? 'card_declined',
            message: err.message,
          };
        }
        // Stripe refused the request itself (an amount above its maximum, a parameter it will not
        // take): asking again gets the same answer, so it is decided, never retried as unknown.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return {
            status: 'failed',
            providerPaymentId: err.payment_intent?.id ?? null,
            code: err.code ?? 'invalid_request',
            message: err.message,
          };
        }
        // Connection, API and rate-limit errors leave the outcome unknown: the caller retries with the same key.
        throw err;
      }
    },

    async findChargePayment({ customerId, chargeId, attempt }) {
      // Search by the metadata every charge carries (chargeId and attempt are ids and digits only).
      const found = await stripe.paymentIntents.search({
        query: `metadata['chargeId']:'${chargeId}' AND metadata['attempt']:'${attempt}'`,
        limit: 10,
      });
      const intents = found.data.filter(
        (intent) => (typeof intent.customer === 'string' ? intent.customer : intent.customer?.id) === customerId,
      );
      const succeeded = intents.find((intent) => intent.status === 'succeeded');
      if (succeeded) return { status: 'succeeded', providerPaymentId: succeeded.id };
      const [intent] = intents;
      if (!intent) return undefined;
      if (
        intent.status === 'requires_payment_method' ||
        intent.status === 'canceled' ||
        intent.status === 'requires_action'
      ) {
        return {
          status: 'failed',
          providerPaymentId: intent.id,
          code: intent.last_payment_error?.code ?? 'card_declined',
          message: intent.last_payment_error?.message ?? 'Your card was declined.',
        };
      }
      throw new Error(`Stripe PaymentIntent ${intent.id} is ${intent.status}; its outcome is not known yet.`);
    },

    async refundPayment(request) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.providerPaymentId, amount: request.amountCents, metadata: request.metadata },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundOutcomeOf(refund);
      } catch (err) {
        // Stripe refused the request itself (already refunded, more than is left, unknown payment): decided.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          return { status: 'failed', providerRefundId: null, message: err.message };
        }
        throw err;
      }
    },

    async createPayoutAccount({ userId, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          ...(email ? { email } : {}),
          // Hosts only receive money from the platform: transfers is the one capability they need.
          capabilities: { transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey },
      );
      return account.id;
    },

    async createPayoutOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      });
      return link.url;
    },

    async isPayoutAccountReady(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return account.payouts_enabled === true && account.capabilities?.transfers === 'active';
    },

    async transferToAccount(request) {
      // Any error (refused or unknown) throws: the payout stays owed and is retried with the same key.
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          destination: request.accountId,
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id };
    },
  };
}

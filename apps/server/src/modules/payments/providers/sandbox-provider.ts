import type { PaymentMethod } from '@bid/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sandboxPaymentMethods, sandboxPayments, sandboxSetupIntents } from '../../../db/schema/index.js';
import {
  NO_PAYMENT_METHOD_MESSAGE,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentProvider,
} from './payment-provider.js';
import { chargeDeclineOf } from './sandbox-cards.js';
import { sandboxClientSecret, sandboxCustomerId, sandboxId } from './sandbox-ids.js';
import {
  completeSandboxOnboarding,
  createSandboxPayoutAccount,
  isSandboxAccountEnabled,
  refundSandboxPayment,
  sandboxOnboardingUrl,
  transferToSandboxAccount,
  type SandboxEvent,
  type SandboxOnboardingResult,
} from './sandbox-payouts.js';
import { authenticateSandboxSetup, confirmSandboxSetup, type SandboxSetupResult } from './sandbox-setup.js';

export type { SandboxSetupResult } from './sandbox-setup.js';
export type { SandboxOnboardingResult } from './sandbox-payouts.js';

/**
 * The offline sandbox: Stripe's test mode without a network (docs/payments.md). Its records
 * live in the sandbox_* tables, so every app instance sees the same cards and idempotency keys
 * and a restart loses nothing. The card form is ours instead of Stripe Elements, so the sandbox
 * also confirms setups and stands in for the bank's 3-D Secure page.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The sandbox card form's submit: saves the card, declines it, or asks for authentication. */
  confirmSetup(
    customerId: string,
    input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
  ): Promise<SandboxSetupResult>;
  /** The sandbox 3-D Secure page's answer for a setup waiting in requires_action. */
  authenticateSetup(
    customerId: string,
    input: { clientSecret: string; outcome: 'complete' | 'fail' },
  ): Promise<SandboxSetupResult>;
  /**
   * The sandbox payout onboarding page's submit (Stripe's hosted onboarding stands in for it
   * otherwise): checks the bank details and enables the account.
   */
  completePayoutOnboarding(
    accountId: string,
    input: { accountHolderName: string; routingNumber: string; accountNumber: string },
  ): Promise<SandboxOnboardingResult>;
}

/** True for the sandbox (or a test's wrapper of it that kept its setup methods). */
export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  const candidate = provider as Partial<SandboxProvider>;
  return (
    provider.name === 'sandbox' &&
    typeof candidate.confirmSetup === 'function' &&
    typeof candidate.authenticateSetup === 'function' &&
    typeof candidate.completePayoutOnboarding === 'function'
  );
}

type SandboxPayment = typeof sandboxPayments.$inferSelect;

function outcomeOf(payment: SandboxPayment): ChargeOutcome {
  if (payment.status === 'succeeded') return { status: 'succeeded', providerPaymentId: payment.id };
  return {
    status: 'failed',
    providerPaymentId: payment.paymentMethodId ? payment.id : null,
    code: payment.declineCode ?? 'card_declined',
    message: payment.declineMessage ?? 'Your card was declined.',
  };
}

/**
 * Stripe's largest charge in US dollars, $999,999.99: a larger amount is an invalid request, which
 * the sandbox answers the same way (a decided failure, never an unknown outcome).
 */
export const SANDBOX_MAX_CHARGE_CENTS = 99_999_999;
export const AMOUNT_TOO_LARGE = {
  code: 'amount_too_large',
  message: 'Amount must be no more than $999,999.99',
} as const;

async function findPaymentByKey(db: Db, idempotencyKey: string): Promise<SandboxPayment | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

/** Stripe refuses a key reused with other parameters: it is a caller's bug, never a second charge. */
function assertSameRequest(payment: SandboxPayment, request: ChargeRequest): void {
  if (payment.customerId !== request.customerId || payment.amountCents !== request.amountCents) {
    throw new Error(
      `Idempotency key ${request.idempotencyKey} was first used for another customer or amount; refusing to reuse it.`,
    );
  }
}

/**
 * The event Stripe would send about a sandbox payment (`payment_intent.succeeded` or
 * `payment_intent.payment_failed`), in Stripe's shape, so the webhook code is exercised by both.
 */
export function sandboxPaymentEvent(payment: SandboxPayment): SandboxPaymentEvent {
  return {
    id: `evt_${payment.id}`,
    type: payment.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    data: {
      object: {
        id: payment.id,
        object: 'payment_intent',
        amount: payment.amountCents,
        customer: payment.customerId,
        status: payment.status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: payment.metadata,
        last_payment_error:
          payment.status === 'succeeded' ? null : { code: payment.declineCode, message: payment.declineMessage },
      },
    },
  };
}

export type SandboxPaymentEvent = SandboxEvent;

export interface SandboxProviderOptions {
  now?: () => Date;
  /**
   * Where the sandbox sends the events Stripe would send by webhook: after each new payment
   * (`payment_intent.*`), refund (`charge.refunded`) and transfer (`transfer.created`), and when
   * a payout account's onboarding completes (`account.updated`). A failure to deliver is logged
   * by the sink's owner and never changes the call's answer.
   */
  onEvent?: (event: SandboxPaymentEvent) => Promise<unknown>;
}

export function createSandboxProvider(db: Db, options: SandboxProviderOptions = {}): SandboxProvider {
  const now = options.now ?? (() => new Date());

  /** Delivers an event to the sink, if any; a failure is like a webhook Stripe could not deliver. */
  async function send(event: SandboxEvent): Promise<void> {
    if (!options.onEvent) return;
    try {
      await options.onEvent(event);
    } catch {
      // The call's own answer still stands.
    }
  }
  const emit = (payment: SandboxPayment) => send(sandboxPaymentEvent(payment));

  async function listCards(customerId: string) {
    return db
      .select()
      .from(sandboxPaymentMethods)
      .where(and(eq(sandboxPaymentMethods.customerId, customerId), isNull(sandboxPaymentMethods.detachedAt)))
      .orderBy(desc(sandboxPaymentMethods.createdAt), desc(sandboxPaymentMethods.id));
  }

  return {
    name: 'sandbox',

    async createCustomer({ idempotencyKey }) {
      return sandboxCustomerId(idempotencyKey);
    },

    async createSetupIntent(customerId) {
      const id = sandboxId('seti');
      const clientSecret = sandboxClientSecret(id);
      await db.insert(sandboxSetupIntents).values({ id, clientSecret, customerId });
      return { clientSecret };
    },

    async listPaymentMethods(customerId): Promise<PaymentMethod[]> {
      const cards = await listCards(customerId);
      return cards.map((card) => ({
        id: card.id,
        type: 'card' as const,
        card: { last4: card.last4, brand: card.brand, exp_month: card.expMonth, exp_year: card.expYear },
      }));
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      const detached = await db
        .update(sandboxPaymentMethods)
        .set({ detachedAt: now() })
        .where(
          and(
            eq(sandboxPaymentMethods.id, paymentMethodId),
            eq(sandboxPaymentMethods.customerId, customerId),
            isNull(sandboxPaymentMethods.detachedAt),
          ),
        )
        .returning({ id: sandboxPaymentMethods.id });
      return detached.length > 0;
    },

    async chargeOffSession(request) {
      const earlier = await findPaymentByKey(db, request.idempotencyKey);
      if (earlier) {
        assertSameRequest(earlier, request);
        return outcomeOf(earlier);
      }

      const [card] = await listCards(request.customerId);
      // Like Stripe: an amount it cannot charge is refused before any card is tried.
      const decline =
        request.amountCents > SANDBOX_MAX_CHARGE_CENTS
          ? AMOUNT_TOO_LARGE
          : card
            ? chargeDeclineOf(card.chargeBehavior)
            : null;
      const [inserted] = await db
        .insert(sandboxPayments)
        .values({
          id: sandboxId('pi'),
          idempotencyKey: request.idempotencyKey,
          customerId: request.customerId,
          paymentMethodId: card?.id ?? null,
          amountCents: request.amountCents,
          metadata: request.metadata,
          status: card && !decline ? 'succeeded' : 'failed',
          declineCode: card || decline ? (decline?.code ?? null) : 'no_payment_method',
          declineMessage: card || decline ? (decline?.message ?? null) : NO_PAYMENT_METHOD_MESSAGE,
        })
        // A concurrent call with the same key got there first: its outcome is the answer.
        .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
        .returning();
      if (inserted) {
        await emit(inserted);
        return outcomeOf(inserted);
      }

      const winner = await findPaymentByKey(db, request.idempotencyKey);
      if (!winner) throw new Error(`Sandbox payment ${request.idempotencyKey} vanished after a key conflict.`);
      assertSameRequest(winner, request);
      return outcomeOf(winner);
    },

    async findChargePayment({ customerId, chargeId, attempt }) {
      const [payment] = await db
        .select()
        .from(sandboxPayments)
        .where(
          and(
            eq(sandboxPayments.customerId, customerId),
            sql`${sandboxPayments.metadata}->>'chargeId' = ${chargeId}`,
            sql`${sandboxPayments.metadata}->>'attempt' = ${String(attempt)}`,
          ),
        )
        .orderBy(desc(sandboxPayments.createdAt))
        .limit(1);
      return payment ? outcomeOf(payment) : undefined;
    },

    confirmSetup: (customerId, input) => confirmSandboxSetup(db, customerId, input, now()),
    authenticateSetup: (customerId, input) => authenticateSandboxSetup(db, customerId, input),

    refundPayment: (request) => refundSandboxPayment(db, request, send),
    createPayoutAccount: ({ idempotencyKey }) => createSandboxPayoutAccount(db, idempotencyKey),
    createPayoutOnboardingLink: async () => sandboxOnboardingUrl(),
    isPayoutAccountReady: (accountId) => isSandboxAccountEnabled(db, accountId),
    transferToAccount: (request) => transferToSandboxAccount(db, request, send),
    completePayoutOnboarding: (accountId, input) => completeSandboxOnboarding(db, accountId, input, send),
  };
}

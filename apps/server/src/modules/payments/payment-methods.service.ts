import {
  PAYMENT_METHOD_REQUIRED,
  type sandboxAuthenticateSetupSchema,
  type sandboxConfirmSetupSchema,
  type ConfirmSetupResponse,
  type PaymentMethodsResponse,
  type SetupIntentResponse,
} from '@bid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import type { SandboxProvider, SandboxSetupResult } from './providers/sandbox-provider.js';
import {
  claimCustomerId,
  findPaymentMember,
  rememberCardOnFile,
  takeSetupIntentSlot,
} from './payment-methods.repository.js';

/**
 * Who a member is at the payment provider (id, e-mail, provider customer, card on file), or
 * undefined for no such member. Other modules read it through this, never through
 * payment-methods.repository.ts (docs/architecture.md, "Folders of the server").
 */
export function findMemberForPayments(db: Db, userId: string) {
  return findPaymentMember(db, userId);
}

/**
 * Saved payment methods (docs/product.md §7 /api/stripe/*, docs/payments.md). The provider keeps the
 * cards; we keep only which provider customer is whose (users.stripe_customer_id), and every
 * use case reaches the provider through the signed-in member's own customer, so nobody can
 * list, remove or confirm what is not theirs.
 */
export interface PaymentMethodsDeps {
  db: Db;
  paymentProvider: PaymentProvider;
}

export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';
export const CARD_SETUP_NOT_FOUND = 'This card setup was not found. Please start adding your card again.';
export const SETTING_UP_CARDS_TOO_FAST = 'You have started adding a card too many times. Please try again in an hour.';

/**
 * Card setups one member may start per hour. Each one is a provider call (and a row, in the
 * sandbox), and a person adds a card a few times at most; a script starting thousands is refused.
 */
export const SETUP_INTENT_LIMIT = { limit: 20, windowSeconds: 60 * 60 } as const;

/** The code of the refusal of a bid or purchase by a member with no card (docs/payments.md). */
export const PAYMENT_METHOD_REQUIRED_CODE = 'payment_method_required';

async function getMember(db: Db, userId: string) {
  const member = await findPaymentMember(db, userId);
  if (!member) throw unauthorized();
  return member;
}

/**
 * The member's provider customer, created on first need. The idempotency key makes the provider
 * answer a retried or racing create with the same customer; the conditional UPDATE makes sure
 * one customer id is stored even when it does not (e.g. after the provider forgot the key).
 */
async function ensureCustomerId(deps: PaymentMethodsDeps, userId: string): Promise<string> {
  const member = await getMember(deps.db, userId);
  if (member.stripeCustomerId) return member.stripeCustomerId;
  const created = await deps.paymentProvider.createCustomer({
    userId,
    email: member.email,
    idempotencyKey: `customer-${userId}`,
  });
  const stored = await claimCustomerId(deps.db, userId, created);
  if (!stored) throw unauthorized();
  return stored;
}

export async function listMyPaymentMethods(deps: PaymentMethodsDeps, userId: string): Promise<PaymentMethodsResponse> {
  const member = await getMember(deps.db, userId);
  // Reading never creates a customer: a member who never added a card simply has none.
  if (!member.stripeCustomerId) return { paymentMethods: [] };
  const paymentMethods = await deps.paymentProvider.listPaymentMethods(member.stripeCustomerId);
  const cardOnFile = paymentMethods.some(isCard);
  if (cardOnFile !== member.cardOnFile) await rememberCardOnFile(deps.db, userId, cardOnFile);
  return { paymentMethods };
}

export async function createSetupIntent(deps: PaymentMethodsDeps, userId: string): Promise<SetupIntentResponse> {
  // Checked first, so a refused request neither creates a provider customer nor a setup intent.
  if (!(await takeSetupIntentSlot(deps.db, userId, SETUP_INTENT_LIMIT)))
    throw tooManyRequests(SETTING_UP_CARDS_TOO_FAST);
  const customerId = await ensureCustomerId(deps, userId);
  return deps.paymentProvider.createSetupIntent(customerId);
}

export async function removePaymentMethod(
  deps: PaymentMethodsDeps,
  userId: string,
  paymentMethodId: string,
): Promise<{ success: true }> {
  const member = await getMember(deps.db, userId);
  if (!member.stripeCustomerId || !/^[A-Za-z0-9_]{1,64}$/.test(paymentMethodId)) {
    throw notFound(PAYMENT_METHOD_NOT_FOUND);
  }
  const detached = await deps.paymentProvider.detachPaymentMethod(member.stripeCustomerId, paymentMethodId);
  if (!detached) throw notFound(PAYMENT_METHOD_NOT_FOUND);
  // It may have been the last card: the next bid asks the provider again.
  await rememberCardOnFile(deps.db, userId, false);
  return { success: true };
}

const isCard = (method: { type: string }) => method.type === 'card';

/**
 * docs/product.md §1: bidders are charged only if they win, so bidding and buying need a card to charge
 * then (docs/payments.md, "A card on file to bid"). Bank accounts do not count: a won auction is
 * charged to a card. A member the provider last showed with a card (users.card_on_file) is
 * trusted without asking it again, so a hot auction costs no provider call per bid (Stripe's
 * rate limit would refuse bids); otherwise the provider is asked, and a card found is remembered.
 * A card that stopped working since is the charge's business: the winner gets the fix window.
 */
export async function assertHasPaymentMethod(
  deps: PaymentMethodsDeps,
  member: { id: string; stripeCustomerId: string | null; cardOnFile: boolean },
): Promise<void> {
  if (member.cardOnFile) return;
  const methods = member.stripeCustomerId ? await deps.paymentProvider.listPaymentMethods(member.stripeCustomerId) : [];
  if (!methods.some(isCard)) throw new AppError(400, PAYMENT_METHOD_REQUIRED_CODE, PAYMENT_METHOD_REQUIRED);
  await rememberCardOnFile(deps.db, member.id, true);
}

function answerOf(result: SandboxSetupResult): ConfirmSetupResponse {
  switch (result.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentMethodId: result.paymentMethodId };
    case 'requires_action':
      return { status: 'requires_action', redirectUrl: result.redirectUrl };
    case 'card_error':
      // Stripe answers card errors with 402 Payment Required; the message is Stripe's.
      throw new AppError(402, result.code, result.message);
    case 'not_found':
      throw notFound(CARD_SETUP_NOT_FOUND);
    case 'unexpected_state':
      throw badRequest(result.message);
  }
}

export interface SandboxDeps {
  db: Db;
  paymentProvider: SandboxProvider;
}

/** POST /api/payments/sandbox/confirm-setup: the sandbox card form's submit. */
export async function confirmSandboxSetup(
  deps: SandboxDeps,
  userId: string,
  { clientSecret, cardNumber, expMonth, expYear }: z.output<typeof sandboxConfirmSetupSchema>,
) {
  const member = await getMember(deps.db, userId);
  if (!member.stripeCustomerId) throw notFound(CARD_SETUP_NOT_FOUND);
  return answerOf(
    await deps.paymentProvider.confirmSetup(member.stripeCustomerId, { clientSecret, cardNumber, expMonth, expYear }),
  );
}

/** POST /api/payments/sandbox/authenticate-setup: the sandbox 3-D Secure page's answer. */
export async function authenticateSandboxSetup(
  deps: SandboxDeps,
  userId: string,
  input: z.output<typeof sandboxAuthenticateSetupSchema>,
) {
  const member = await getMember(deps.db, userId);
  if (!member.stripeCustomerId) throw notFound(CARD_SETUP_NOT_FOUND);
  return answerOf(await deps.paymentProvider.authenticateSetup(member.stripeCustomerId, input));
}

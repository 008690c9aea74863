import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sandboxPaymentMethods, sandboxSetupIntents } from '../../../db/schema/index.js';
import { CARD_MESSAGES, detectCardBrand, judgeSandboxCard } from './sandbox-cards.js';
import { sandboxId } from './sandbox-ids.js';

/**
 * Confirming a sandbox SetupIntent and its stand-in for 3-D Secure (docs/payments.md,
 * "3-D Secure in the sandbox"). The intent moves requires_payment_method → (requires_action →)
 * succeeded, and every move is a conditional UPDATE, so two confirms of one intent racing on
 * any number of app instances save at most one card.
 */

export type SandboxSetupResult =
  | { status: 'succeeded'; paymentMethodId: string }
  | { status: 'requires_action'; redirectUrl: string }
  /** Stripe's card_error: the card was not saved; `message` is for the member. */
  | { status: 'card_error'; code: string; message: string }
  /** No setup with this secret belongs to this customer. */
  | { status: 'not_found' }
  /** The setup is not in a state that allows this step. */
  | { status: 'unexpected_state'; message: string };

export const SETUP_MESSAGES = {
  alreadySucceeded:
    'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
  nothingToAuthenticate: 'This card setup is not waiting for authentication.',
} as const;

/** Where the sandbox sends the browser to authenticate: a page of the web app. */
export function sandboxAuthenticationUrl(clientSecret: string): string {
  return `/payments/sandbox/authenticate?client_secret=${encodeURIComponent(clientSecret)}`;
}

/** Thrown inside a transaction to roll it back when another request moved the intent first. */
class IntentMovedError extends Error {}

async function findIntent(db: Db, customerId: string, clientSecret: string) {
  const [intent] = await db
    .select()
    .from(sandboxSetupIntents)
    .where(and(eq(sandboxSetupIntents.clientSecret, clientSecret), eq(sandboxSetupIntents.customerId, customerId)))
    .limit(1);
  return intent;
}

export async function confirmSandboxSetup(
  db: Db,
  customerId: string,
  input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
  now: Date,
): Promise<SandboxSetupResult> {
  const intent = await findIntent(db, customerId, input.clientSecret);
  if (!intent) return { status: 'not_found' };
  if (intent.status === 'succeeded') return { status: 'unexpected_state', message: SETUP_MESSAGES.alreadySucceeded };

  const verdict = judgeSandboxCard({ number: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear }, now);
  if (verdict.outcome === 'decline') {
    // As on Stripe, a declined attempt leaves the intent ready for another card.
    await db
      .update(sandboxSetupIntents)
      .set({ status: 'requires_payment_method', paymentMethodId: null })
      .where(and(eq(sandboxSetupIntents.id, intent.id), ne(sandboxSetupIntents.status, 'succeeded')));
    return { status: 'card_error', code: verdict.code, message: verdict.message };
  }

  const paymentMethodId = sandboxId('pm');
  try {
    await db.transaction(async (tx) => {
      await tx.insert(sandboxPaymentMethods).values({
        id: paymentMethodId,
        // A card that still needs authentication is attached only once the member completes it.
        customerId: verdict.needsAuthentication ? null : customerId,
        brand: detectCardBrand(input.cardNumber),
        last4: input.cardNumber.slice(-4),
        expMonth: input.expMonth,
        expYear: input.expYear,
        chargeBehavior: verdict.chargeBehavior,
      });
      const moved = await tx
        .update(sandboxSetupIntents)
        .set({ status: verdict.needsAuthentication ? 'requires_action' : 'succeeded', paymentMethodId })
        .where(and(eq(sandboxSetupIntents.id, intent.id), ne(sandboxSetupIntents.status, 'succeeded')))
        .returning({ id: sandboxSetupIntents.id });
      if (moved.length === 0) throw new IntentMovedError();
    });
  } catch (err) {
    if (err instanceof IntentMovedError) {
      return { status: 'unexpected_state', message: SETUP_MESSAGES.alreadySucceeded };
    }
    throw err;
  }

  return verdict.needsAuthentication
    ? { status: 'requires_action', redirectUrl: sandboxAuthenticationUrl(intent.clientSecret) }
    : { status: 'succeeded', paymentMethodId };
}

export async function authenticateSandboxSetup(
  db: Db,
  customerId: string,
  input: { clientSecret: string; outcome: 'complete' | 'fail' },
): Promise<SandboxSetupResult> {
  const intent = await findIntent(db, customerId, input.clientSecret);
  if (!intent) return { status: 'not_found' };
  const paymentMethodId = intent.paymentMethodId;
  if (intent.status !== 'requires_action' || !paymentMethodId) {
    return { status: 'unexpected_state', message: SETUP_MESSAGES.nothingToAuthenticate };
  }
  const waiting = and(
    eq(sandboxSetupIntents.id, intent.id),
    eq(sandboxSetupIntents.status, 'requires_action'),
    eq(sandboxSetupIntents.paymentMethodId, paymentMethodId),
  );

  if (input.outcome === 'fail') {
    const reset = await db
      .update(sandboxSetupIntents)
      .set({ status: 'requires_payment_method', paymentMethodId: null })
      .where(waiting)
      .returning({ id: sandboxSetupIntents.id });
    if (reset.length === 0) return { status: 'unexpected_state', message: SETUP_MESSAGES.nothingToAuthenticate };
    return {
      status: 'card_error',
      code: 'setup_intent_authentication_failure',
      message: CARD_MESSAGES.authenticationFailed,
    };
  }

  try {
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(sandboxSetupIntents)
        .set({ status: 'succeeded' })
        .where(waiting)
        .returning({ id: sandboxSetupIntents.id });
      if (moved.length === 0) throw new IntentMovedError();
      await tx.update(sandboxPaymentMethods).set({ customerId }).where(eq(sandboxPaymentMethods.id, paymentMethodId));
    });
  } catch (err) {
    if (err instanceof IntentMovedError) {
      return { status: 'unexpected_state', message: SETUP_MESSAGES.nothingToAuthenticate };
    }
    throw err;
  }
  return { status: 'succeeded', paymentMethodId };
}

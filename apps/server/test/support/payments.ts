import type { ConfirmSetupResponse } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import { withSession } from './session.js';

/** Stripe's test cards, as the sandbox treats them (docs/payments.md). */
export const CARDS = {
  /** Saves and charges without trouble. */
  succeeds: '4242424242424242',
  /** Saves, then declines when charged. */
  declines: '4000000000000341',
  /** Asks for 3-D Secure when saved and on every charge. */
  needsAuthentication: '4000002760003184',
} as const;

/** Stripe's test card that saves and charges without trouble (docs/payments.md). */
export const SUCCEEDING_CARD = CARDS.succeeds;

/** Stripe configured (with made-up test keys), so the app wires Stripe instead of the sandbox. */
export const STRIPE_OFFLINE_ENV = { STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_PUBLISHABLE_KEY: 'pk_test_offline' };

/** A card expiry comfortably in the future, whatever today is. */
export const FUTURE_EXPIRY = { expMonth: 12, expYear: new Date().getUTCFullYear() + 5 } as const;

/**
 * Saves a sandbox card for the signed-in member through the real routes (setup intent, then the
 * sandbox card form's confirm), as the profile page does, and returns the saved card's id.
 * Bidding and buying need one (docs/product.md §1: the win is charged to it).
 */
export async function addSandboxCard(
  app: FastifyInstance,
  cookie: string,
  cardNumber: string = SUCCEEDING_CARD,
): Promise<string> {
  const setup = await app.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies: withSession(cookie) });
  if (setup.statusCode !== 200) throw new Error(`setup-intent failed: ${setup.statusCode} ${setup.body}`);
  const { clientSecret } = setup.json<{ clientSecret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm-setup',
    payload: { clientSecret, cardNumber, ...FUTURE_EXPIRY, cvc: '123' },
    cookies: withSession(cookie),
  });
  const answer = confirmed.json<ConfirmSetupResponse>();
  if (confirmed.statusCode !== 200 || answer.status !== 'succeeded') {
    throw new Error(`confirm-setup did not save ${cardNumber}: ${confirmed.statusCode} ${confirmed.body}`);
  }
  return answer.paymentMethodId;
}

/**
 * Saves a card whose setup asks for 3-D Secure (`CARDS.needsAuthentication`), completing it as the
 * member would on the bank's page.
 */
export async function addAuthenticatedSandboxCard(
  app: FastifyInstance,
  cookie: string,
  cardNumber: string = CARDS.needsAuthentication,
): Promise<void> {
  const cookies = withSession(cookie);
  const setup = await app.inject({ method: 'POST', url: '/api/stripe/setup-intent', cookies });
  const { clientSecret } = setup.json<{ clientSecret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm-setup',
    payload: { clientSecret, cardNumber, ...FUTURE_EXPIRY, cvc: '123' },
    cookies,
  });
  if (confirmed.json<ConfirmSetupResponse>().status !== 'requires_action') {
    throw new Error(`confirm-setup did not ask to authenticate ${cardNumber}: ${confirmed.body}`);
  }
  const authenticated = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/authenticate-setup',
    payload: { clientSecret, outcome: 'complete' },
    cookies,
  });
  if (authenticated.json<ConfirmSetupResponse>().status !== 'succeeded') {
    throw new Error(`authentication did not save ${cardNumber}: ${authenticated.body}`);
  }
}

import type { ConfirmSetupResponse } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import { withSession } from './session.js';

/** Stripe's test card that saves and charges without trouble (docs/payments.md). */
export const SUCCEEDING_CARD = '4242424242424242';

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

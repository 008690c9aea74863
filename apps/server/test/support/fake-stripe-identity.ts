import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeIdentityPartner } from '../../src/modules/identity/providers/stripe-identity.js';
import type { TestDatabase } from './databases.js';
import { suiteWorldWith, type WorldOptions } from './world.js';

/** One call the app made to the Stripe API. */
export interface RecordedStripeCall {
  path: string;
  authorization: string | undefined;
  body: URLSearchParams;
}

export interface FakeStripeIdentity {
  /** What the app's Stripe Identity partner takes as `apiBase`. */
  apiBase: string;
  /** Every call so far, oldest first; tests may empty it. */
  recorded: RecordedStripeCall[];
  close(): Promise<void>;
}

/**
 * A local stand-in for Stripe's verification-session API (this machine cannot reach
 * api.stripe.com): every call creates a new session waiting for the member's input.
 */
export async function startFakeStripeIdentity(): Promise<FakeStripeIdentity> {
  const recorded: RecordedStripeCall[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      recorded.push({ path: req.url ?? '', authorization: req.headers.authorization, body: new URLSearchParams(raw) });
      const id = `vs_${randomUUID().replaceAll('-', '')}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'identity.verification_session',
          status: 'requires_input',
          type: 'document',
          url: `https://verify.stripe.com/start/${id}`,
          last_error: null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    recorded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A suite world whose identity partner is Stripe Identity, reached at a fake Stripe started for
 * the suite (`world.service`), with these keys; `options` are the world's other options.
 */
export function suiteWorldWithStripeIdentity(
  factory: { open(): Promise<TestDatabase> },
  keys: { secretKey: string; publishableKey: string; webhookSecret: string },
  options: WorldOptions = {},
) {
  return suiteWorldWith(factory, { start: startFakeStripeIdentity, stop: (stripe) => stripe.close() }, (stripe) => ({
    ...options,
    env: {
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_IDENTITY_WEBHOOK_SECRET: keys.webhookSecret,
      ...options.env,
    },
    appOptions: {
      ...options.appOptions,
      identityPartner: createStripeIdentityPartner({
        secretKey: keys.secretKey,
        webhookSecret: keys.webhookSecret,
        apiBase: stripe.apiBase,
      }),
    },
  }));
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import type { PhotoClassifier } from '../../src/lib/photo-classifier/photo-classifier.js';
import type { Database } from '../../src/db/client.js';
import type { Mailer } from '../../src/lib/mailer.js';
import type { PaymentProvider } from '../../src/modules/payments/providers/payment-provider.js';
import type { VerificationPartner } from '../../src/modules/identity/providers/verification-partner.js';
import type { ConversationAuthorizer } from '../../src/plugins/realtime.js';

export const TEST_PUBLIC_URL = 'http://localhost:5000';
/**
 * Test apps take payment webhooks, so the route-generated suites (authorization matrix, request
 * guards, input fuzzing) see POST /api/payments/webhook; it exists only with a secret.
 */
export const TEST_PAYMENT_WEBHOOK_SECRET = 'whsec_test_payment_webhooks';

/**
 * The settings of a production app that boots on the test database and the offline providers
 * (a staging server): production refuses both unless ALLOW_PGLITE and ALLOW_SANDBOX say so.
 */
export const PRODUCTION_TEST_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k3Vq9-production-secret-0f8a2c71d4e6b5',
  PUBLIC_URL: 'https://bid.example.com',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  AUDIT_CHECKPOINT_KEY: 'a-production-audit-checkpoint-key-of-40-c',
  ALLOW_SANDBOX: '1',
  ALLOW_PGLITE: '1',
};

/** Builds the real app on a test database, without the web bundle. */
export async function createTestApp(
  database: Database,
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    mailer?: Mailer;
    /** Where the app logs; by default the app's own logger at the config's level. */
    logger?: FastifyBaseLogger;
    /** The auction closing job is off unless a test asks for it, so seeded rows stay as seeded. */
    runJobs?: boolean;
    lifecycleIntervalMs?: number;
    /** The identity partner; by default what the config selects (the offline sandbox without Stripe). */
    identityPartner?: VerificationPartner;
    /** The payment provider; by default what the config selects (the offline sandbox without Stripe). */
    paymentProvider?: PaymentProvider;
    configure?: (app: FastifyInstance) => void | Promise<void>;
    /** Who may follow a conversation's live channel; by default its two participants. */
    conversationAuthorizer?: ConversationAuthorizer;
    /** Serves the built web app from WEB_DIST_DIR as production does; off unless a test asks for it. */
    serveWeb?: boolean;
    /** The image model; by default the process's one (a stopped one makes every photo a classifier failure). */
    photoClassifier?: PhotoClassifier;
  } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    STRIPE_WEBHOOK_SECRET: TEST_PAYMENT_WEBHOOK_SECRET,
    ...env,
  });
  const { configure, ...deps } = options;
  const app = await buildApp({ config, database, serveWeb: false, runJobs: false, ...deps });
  // Lets a test add a probe route (for behaviour shared by every route) before the app starts.
  await configure?.(app);
  await app.ready();
  return app;
}

import {
  noBodySchema,
  payoutAccountSchema,
  payoutOnboardingSchema,
  sandboxPayoutOnboardingSchema,
} from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { bodyOrEmpty } from '@bid/contract';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { isSandboxProvider } from '../payments/providers/sandbox-provider.js';
import {
  completeSandboxPayoutOnboarding,
  getMyPayoutAccount,
  startPayoutOnboarding,
  type PayoutAccountsDeps,
} from './payout-accounts.service.js';

/**
 * The host's payout account (docs/the-date.md, "Payouts"): GET and POST /api/payouts/account,
 * and the sandbox onboarding page's submit, which exists only while the offline sandbox is the
 * provider (with Stripe, onboarding happens on Stripe's pages), like the sandbox card routes.
 */
export async function payoutAccountRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Pick<AppConfig, 'publicUrl'>; now: () => Date; paymentProvider: PaymentProvider },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: PayoutAccountsDeps = { ...opts, logger: app.log };

  r.get(
    '/api/payouts/account',
    { preValidation: requireSignedIn, schema: { response: { 200: payoutAccountSchema } } },
    (request) => getMyPayoutAccount(deps, signedInUserId(request)),
  );

  r.post(
    '/api/payouts/account',
    { preValidation: requireSignedIn, schema: { body: noBodySchema, response: { 200: payoutOnboardingSchema } } },
    (request) => startPayoutOnboarding(deps, signedInUserId(request)),
  );

  const { paymentProvider } = opts;
  if (!isSandboxProvider(paymentProvider)) return;
  const sandboxDeps = { ...deps, paymentProvider };

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the
  // schema), so nobody learns the rules anonymously.
  r.post(
    '/api/payouts/sandbox/complete',
    {
      preValidation: requireSignedIn,
      schema: { body: bodyOrEmpty(sandboxPayoutOnboardingSchema), response: { 200: payoutAccountSchema } },
    },
    (request) => completeSandboxPayoutOnboarding(sandboxDeps, signedInUserId(request), request.body),
  );
}

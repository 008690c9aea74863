import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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
  const deps: PayoutAccountsDeps = { ...opts, logger: app.log };

  route(app, 'getPayoutAccount', (request) => getMyPayoutAccount(deps, signedInUserId(request)));
  route(app, 'startPayoutOnboarding', (request) => startPayoutOnboarding(deps, signedInUserId(request)));

  const { paymentProvider } = opts;
  if (!isSandboxProvider(paymentProvider)) return;
  const sandboxDeps = { ...deps, paymentProvider };

  // The sign-in check runs before the body's (the endpoint's guard), so nobody learns the rules anonymously.
  route(app, 'completeSandboxPayoutOnboarding', (request) =>
    completeSandboxPayoutOnboarding(sandboxDeps, signedInUserId(request), request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { isSandboxProvider } from './providers/sandbox-provider.js';
import {
  authenticateSandboxSetup,
  confirmSandboxSetup,
  createSetupIntent,
  listMyPaymentMethods,
  removePaymentMethod,
} from './payment-methods.service.js';

/**
 * docs/product.md §7 payment-method calls, and the sandbox card form's two calls, which exist only while
 * the offline sandbox is the provider (with Stripe, Stripe.js confirms in the browser).
 */
export async function paymentMethodRoutes(app: FastifyInstance, opts: { db: Db; paymentProvider: PaymentProvider }) {
  const deps = { db: opts.db, paymentProvider: opts.paymentProvider };

  route(app, 'listPaymentMethods', (request) => listMyPaymentMethods(deps, signedInUserId(request)));
  route(app, 'createSetupIntent', (request) => createSetupIntent(deps, signedInUserId(request)));
  route(app, 'removePaymentMethod', (request) => removePaymentMethod(deps, signedInUserId(request), request.params.id));

  const { paymentProvider } = opts;
  if (!isSandboxProvider(paymentProvider)) return;
  const sandboxDeps = { db: opts.db, paymentProvider };

  // The sign-in check runs before the body's (the endpoint's guard), so nobody learns the rules anonymously.
  route(app, 'confirmSandboxSetup', (request) =>
    confirmSandboxSetup(sandboxDeps, signedInUserId(request), request.body),
  );
  route(app, 'authenticateSandboxSetup', (request) =>
    authenticateSandboxSetup(sandboxDeps, signedInUserId(request), request.body),
  );
}

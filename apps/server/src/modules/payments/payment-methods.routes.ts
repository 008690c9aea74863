import {
  confirmSetupResponseSchema,
  idParamsSchema,
  noBodySchema,
  paymentMethodsResponseSchema,
  sandboxAuthenticateSetupSchema,
  sandboxConfirmSetupSchema,
  setupIntentResponseSchema,
} from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bodyOrEmpty } from '../../lib/validation.js';
import { requireUserId } from '../../plugins/auth.js';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, paymentProvider: opts.paymentProvider };

  r.get('/api/stripe/payment-methods', { schema: { response: { 200: paymentMethodsResponseSchema } } }, (request) =>
    listMyPaymentMethods(deps, requireUserId(request)),
  );

  r.post(
    '/api/stripe/setup-intent',
    { schema: { body: noBodySchema, response: { 200: setupIntentResponseSchema } } },
    (request) => createSetupIntent(deps, requireUserId(request)),
  );

  r.delete(
    '/api/stripe/payment-methods/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    (request) => removePaymentMethod(deps, requireUserId(request), request.params.id),
  );

  const { paymentProvider } = opts;
  if (!isSandboxProvider(paymentProvider)) return;
  const sandboxDeps = { db: opts.db, paymentProvider };

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the
  // schema), so nobody learns the rules anonymously.
  r.post(
    '/api/payments/sandbox/confirm-setup',
    {
      preValidation: app.requireUser,
      schema: { body: bodyOrEmpty(sandboxConfirmSetupSchema), response: { 200: confirmSetupResponseSchema } },
    },
    (request) => confirmSandboxSetup(sandboxDeps, requireUserId(request), request.body),
  );

  r.post(
    '/api/payments/sandbox/authenticate-setup',
    {
      preValidation: app.requireUser,
      schema: { body: bodyOrEmpty(sandboxAuthenticateSetupSchema), response: { 200: confirmSetupResponseSchema } },
    },
    (request) => authenticateSandboxSetup(sandboxDeps, requireUserId(request), request.body),
  );
}

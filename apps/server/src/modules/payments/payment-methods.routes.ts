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
import { bodyOrEmpty } from '@bid/contract';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
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

  r.get(
    '/api/stripe/payment-methods',
    { preValidation: requireSignedIn, schema: { response: { 200: paymentMethodsResponseSchema } } },
    (request) => listMyPaymentMethods(deps, signedInUserId(request)),
  );

  r.post(
    '/api/stripe/setup-intent',
    { preValidation: requireSignedIn, schema: { body: noBodySchema, response: { 200: setupIntentResponseSchema } } },
    (request) => createSetupIntent(deps, signedInUserId(request)),
  );

  r.delete(
    '/api/stripe/payment-methods/:id',
    {
      preValidation: requireSignedIn,
      schema: {
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    (request) => removePaymentMethod(deps, signedInUserId(request), request.params.id),
  );

  const { paymentProvider } = opts;
  if (!isSandboxProvider(paymentProvider)) return;
  const sandboxDeps = { db: opts.db, paymentProvider };

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the
  // schema), so nobody learns the rules anonymously.
  r.post(
    '/api/payments/sandbox/confirm-setup',
    {
      preValidation: requireSignedIn,
      schema: { body: bodyOrEmpty(sandboxConfirmSetupSchema), response: { 200: confirmSetupResponseSchema } },
    },
    (request) => confirmSandboxSetup(sandboxDeps, signedInUserId(request), request.body),
  );

  r.post(
    '/api/payments/sandbox/authenticate-setup',
    {
      preValidation: requireSignedIn,
      schema: { body: bodyOrEmpty(sandboxAuthenticateSetupSchema), response: { 200: confirmSetupResponseSchema } },
    },
    (request) => authenticateSandboxSetup(sandboxDeps, signedInUserId(request), request.body),
  );
}

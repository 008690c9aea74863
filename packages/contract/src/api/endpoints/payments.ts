import { z } from 'zod';
import { idParamsSchema } from '../../id-schemas.js';
import {
  confirmSetupResponseSchema,
  paymentEventResultSchema,
  paymentMethodsResponseSchema,
  paymentRecordSchema,
  paymentsResponseSchema,
  sandboxAuthenticateSetupSchema,
  sandboxConfirmSetupSchema,
  secondChanceOfferSchema,
  setupIntentResponseSchema,
} from '../../payment-schemas.js';
import { bodyOrEmpty, noBodySchema, rawTextBodySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint, type ErrorCode } from '../endpoint.js';
import { paymentsRoutes as routes } from '../routes/payments.js';

/** A card the sandbox refuses, with Stripe's card_error codes (402). */
const CARD_ERRORS = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'processing_error',
  'authentication_required',
] as const satisfies readonly ErrorCode[];

/**
 * Payment methods, charges and second chance offers (docs/payments.md, docs/charging-and-ledger.md).
 * A malformed payment or auction id is answered like an unknown one (404) by the use case.
 */
export const paymentsEndpoints = {
  listPaymentMethods: defineEndpoint(routes.listPaymentMethods, {
    responses: { 200: paymentMethodsResponseSchema },
    errors: [],
  }),
  createSetupIntent: defineEndpoint(routes.createSetupIntent, {
    body: noBodySchema,
    responses: { 200: setupIntentResponseSchema },
    errors: [],
  }),
  removePaymentMethod: defineEndpoint(routes.removePaymentMethod, {
    params: idParamsSchema,
    responses: { 200: z.object({ success: z.literal(true) }) },
    errors: ['not_found'],
  }),
  confirmSandboxSetup: defineEndpoint(routes.confirmSandboxSetup, {
    body: bodyOrEmpty(sandboxConfirmSetupSchema),
    responses: { 200: confirmSetupResponseSchema },
    errors: ['bad_request', 'not_found', ...CARD_ERRORS],
  }),
  authenticateSandboxSetup: defineEndpoint(routes.authenticateSandboxSetup, {
    body: bodyOrEmpty(sandboxAuthenticateSetupSchema),
    responses: { 200: confirmSetupResponseSchema },
    errors: ['bad_request', 'not_found', 'setup_intent_authentication_failure', ...CARD_ERRORS],
  }),
  listPayments: defineEndpoint(routes.listPayments, {
    responses: { 200: paymentsResponseSchema },
    errors: [],
  }),
  retryPayment: defineEndpoint(routes.retryPayment, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: paymentRecordSchema },
    errors: ['bad_request', 'not_found'],
  }),
  acceptSecondChanceOffer: defineEndpoint(routes.acceptSecondChanceOffer, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: paymentRecordSchema },
    errors: ['bad_request', 'not_found', 'payment_method_required'],
  }),
  // The body is checked by the use case, after the id, so a field is refused by name.
  sendSecondChanceOffer: defineEndpoint(routes.sendSecondChanceOffer, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 201: secondChanceOfferSchema },
    errors: ['not_found', 'forbidden', 'conflict'],
  }),
  declineSecondChanceOffer: defineEndpoint(routes.declineSecondChanceOffer, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: paymentRecordSchema },
    errors: ['bad_request', 'not_found'],
  }),
  // The provider signs the exact bytes it sent, so the body is read as raw text.
  receivePaymentWebhook: defineEndpoint(routes.receivePaymentWebhook, {
    body: rawTextBodySchema,
    responses: { 200: paymentEventResultSchema },
    errors: ['bad_signature'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

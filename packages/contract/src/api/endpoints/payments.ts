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
    summary: "The member's saved payment methods.",
    responses: { 200: paymentMethodsResponseSchema },
    errors: [],
  }),
  createSetupIntent: defineEndpoint(routes.createSetupIntent, {
    summary: 'Start saving a payment method: the secret the card form confirms it with.',
    body: noBodySchema,
    responses: { 200: setupIntentResponseSchema },
    errors: [],
  }),
  removePaymentMethod: defineEndpoint(routes.removePaymentMethod, {
    summary: 'Remove one of the member’s saved payment methods.',
    params: idParamsSchema,
    responses: { 200: z.object({ success: z.literal(true) }) },
    errors: ['not_found'],
  }),
  confirmSandboxSetup: defineEndpoint(routes.confirmSandboxSetup, {
    summary: 'The offline sandbox’s card form: confirm a card setup (only while the sandbox is the provider).',
    body: bodyOrEmpty(sandboxConfirmSetupSchema),
    responses: { 200: confirmSetupResponseSchema },
    errors: ['bad_request', 'not_found', ...CARD_ERRORS],
  }),
  authenticateSandboxSetup: defineEndpoint(routes.authenticateSandboxSetup, {
    summary: 'The offline sandbox’s 3-D Secure page: pass or fail the card’s authentication.',
    body: bodyOrEmpty(sandboxAuthenticateSetupSchema),
    responses: { 200: confirmSetupResponseSchema },
    errors: ['bad_request', 'not_found', 'setup_intent_authentication_failure', ...CARD_ERRORS],
  }),
  listPayments: defineEndpoint(routes.listPayments, {
    summary: "The member's charges, earnings and refunds, newest first.",
    responses: { 200: paymentsResponseSchema },
    errors: [],
  }),
  retryPayment: defineEndpoint(routes.retryPayment, {
    summary: 'Charge a failed payment again, before its pay-by time.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: paymentRecordSchema },
    errors: ['bad_request', 'not_found'],
  }),
  acceptSecondChanceOffer: defineEndpoint(routes.acceptSecondChanceOffer, {
    summary: 'Accept a second chance offer: the member becomes the winner and is charged.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: paymentRecordSchema },
    errors: ['bad_request', 'not_found', 'payment_method_required'],
  }),
  // The body is checked by the use case, after the id, so a field is refused by name.
  sendSecondChanceOffer: defineEndpoint(routes.sendSecondChanceOffer, {
    summary: 'The host offers the date to the highest bidder of an auction that ended below its reserve.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 201: secondChanceOfferSchema },
    errors: ['not_found', 'forbidden', 'conflict'],
  }),
  declineSecondChanceOffer: defineEndpoint(routes.declineSecondChanceOffer, {
    summary: 'Decline a second chance offer.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: paymentRecordSchema },
    errors: ['bad_request', 'not_found'],
  }),
  // The provider signs the exact bytes it sent, so the body is read as raw text.
  receivePaymentWebhook: defineEndpoint(routes.receivePaymentWebhook, {
    summary: 'The payment provider’s signed event (server to server; the signature is its only key).',
    body: rawTextBodySchema,
    responses: { 200: paymentEventResultSchema },
    errors: ['bad_signature'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

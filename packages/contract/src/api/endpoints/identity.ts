import { idParamsSchema, userIdParamsSchema } from '../../id-schemas.js';
import {
  identityDocumentBodySchema,
  identityVerificationViewSchema,
  identityWebhookAnswerSchema,
  sandboxCompleteBodySchema,
  startedVerificationSchema,
  startVerificationBodySchema,
  verificationDecisionBodySchema,
  verificationDecisionSchema,
  verificationReviewItemSchema,
} from '../../identity.js';
import { bodyOrEmpty, rawTextBodySchema } from '../../request-schemas.js';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { identityRoutes as routes } from '../routes/identity.js';

/** Identity verification (docs/trust-and-safety.md, "Identity verification"). */
export const identityEndpoints = {
  getMyVerification: defineEndpoint(routes.getMyVerification, {
    responses: { 200: identityVerificationViewSchema },
    errors: [],
  }),
  startVerification: defineEndpoint(routes.startVerification, {
    body: bodyOrEmpty(startVerificationBodySchema),
    responses: { 200: startedVerificationSchema },
    errors: ['conflict'],
  }),
  // The sandbox's routes answer 404 while a real partner is configured.
  addIdentityDocument: defineEndpoint(routes.addIdentityDocument, {
    body: identityDocumentBodySchema,
    responses: { 200: identityVerificationViewSchema },
    errors: [
      'not_found',
      'conflict',
      'bad_request',
      'not_your_upload',
      'url_used',
      'url_expired',
      'nothing_uploaded',
      'not_an_image',
      'svg_refused',
      'unreadable_image',
      'too_many_pixels',
    ],
  }),
  completeSandboxVerification: defineEndpoint(routes.completeSandboxVerification, {
    body: sandboxCompleteBodySchema,
    responses: { 200: identityVerificationViewSchema },
    errors: ['not_found', 'conflict', 'bad_request'],
  }),
  // Another member's file is answered like one that does not exist (404).
  getIdentityDocument: defineEndpoint(routes.getIdentityDocument, {
    params: idParamsSchema,
    responses: { 200: { contentType: 'image/jpeg', description: 'The photo, never cached.' } },
    errors: ['not_found'],
  }),
  listVerificationReviews: defineEndpoint(routes.listVerificationReviews, {
    responses: { 200: z.array(verificationReviewItemSchema) },
    errors: [],
  }),
  decideVerification: defineEndpoint(routes.decideVerification, {
    params: userIdParamsSchema,
    body: bodyOrEmpty(verificationDecisionBodySchema),
    responses: { 200: verificationDecisionSchema },
    errors: [],
  }),
  // The partner signs the exact bytes it sent: the body is read as text, not JSON.
  receiveIdentityWebhook: defineEndpoint(routes.receiveIdentityWebhook, {
    body: rawTextBodySchema,
    responses: { 200: identityWebhookAnswerSchema },
    errors: ['bad_signature', 'not_found'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

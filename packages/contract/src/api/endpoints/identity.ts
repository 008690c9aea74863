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
    summary: "The member's own identity verification.",
    responses: { 200: identityVerificationViewSchema },
    errors: [],
  }),
  startVerification: defineEndpoint(routes.startVerification, {
    summary: 'Start a new verification; answers where to go next.',
    body: bodyOrEmpty(startVerificationBodySchema),
    responses: { 200: startedVerificationSchema },
    errors: ['conflict'],
  }),
  // The sandbox's routes answer 404 while a real partner is configured.
  addIdentityDocument: defineEndpoint(routes.addIdentityDocument, {
    summary: 'An upload becomes a photo of the document or the selfie, kept privately.',
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
    summary: "The offline sandbox's test input picks the partner's answer.",
    body: sandboxCompleteBodySchema,
    responses: { 200: identityVerificationViewSchema },
    errors: ['not_found', 'conflict', 'bad_request'],
  }),
  // Another member's file is answered like one that does not exist (404).
  getIdentityDocument: defineEndpoint(routes.getIdentityDocument, {
    summary: 'A verification file, to its owner and moderators only.',
    params: idParamsSchema,
    responses: { 200: { contentType: 'image/jpeg', description: 'The photo, never cached.' } },
    errors: ['not_found'],
  }),
  listVerificationReviews: defineEndpoint(routes.listVerificationReviews, {
    summary: 'Members whose verification waits for a moderator.',
    responses: { 200: z.array(verificationReviewItemSchema) },
    errors: [],
  }),
  decideVerification: defineEndpoint(routes.decideVerification, {
    summary: "A moderator's decision on a verification under review.",
    params: userIdParamsSchema,
    body: bodyOrEmpty(verificationDecisionBodySchema),
    responses: { 200: verificationDecisionSchema },
    errors: [],
  }),
  // The partner signs the exact bytes it sent: the body is read as text, not JSON.
  receiveIdentityWebhook: defineEndpoint(routes.receiveIdentityWebhook, {
    summary: "The verification partner's signed event.",
    body: rawTextBodySchema,
    responses: { 200: identityWebhookAnswerSchema },
    errors: ['bad_signature', 'not_found'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

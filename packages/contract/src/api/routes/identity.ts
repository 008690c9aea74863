import { defineRoutes } from '../endpoint.js';

/** Identity verification (docs/trust-and-safety.md, "Identity verification"). */
export const identityRoutes = defineRoutes({
  getMyVerification: {
    method: 'GET',
    path: '/api/identity/verification',
    access: 'member',
    summary: "The member's own identity verification.",
  },
  startVerification: {
    method: 'POST',
    path: '/api/identity/verification',
    access: 'member',
    summary: 'Start a new verification; answers where to go next.',
  },
  addIdentityDocument: {
    method: 'POST',
    path: '/api/identity/verification/documents',
    access: 'member',
    summary: 'An upload becomes a photo of the document or the selfie, kept privately.',
  },
  completeSandboxVerification: {
    method: 'POST',
    path: '/api/identity/sandbox/complete',
    access: 'member',
    summary: "The offline sandbox's test input picks the partner's answer.",
  },
  getIdentityDocument: {
    method: 'GET',
    path: '/api/identity/documents/:id',
    access: 'member',
    summary: 'A verification file, to its owner and moderators only.',
  },
  listVerificationReviews: {
    method: 'GET',
    path: '/api/moderation/verifications',
    access: 'moderator',
    summary: 'Members whose verification waits for a moderator.',
  },
  decideVerification: {
    method: 'POST',
    path: '/api/moderation/verifications/:userId/decide',
    access: 'moderator',
    summary: "A moderator's decision on a verification under review.",
  },
  receiveIdentityWebhook: {
    method: 'POST',
    path: '/api/identity/webhook',
    access: 'public',
    summary: "The verification partner's signed event.",
  },
});

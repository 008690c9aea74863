import { defineRoutes } from '../endpoint.js';

/** Identity verification (docs/trust-and-safety.md, "Identity verification"). */
export const identityRoutes = defineRoutes({
  getMyVerification: {
    method: 'GET',
    path: '/api/identity/verification',
    access: 'member',
  },
  startVerification: {
    method: 'POST',
    path: '/api/identity/verification',
    access: 'member',
  },
  addIdentityDocument: {
    method: 'POST',
    path: '/api/identity/verification/documents',
    access: 'member',
  },
  completeSandboxVerification: {
    method: 'POST',
    path: '/api/identity/sandbox/complete',
    access: 'member',
  },
  getIdentityDocument: {
    method: 'GET',
    path: '/api/identity/documents/:id',
    access: 'member',
  },
  listVerificationReviews: {
    method: 'GET',
    path: '/api/moderation/verifications',
    access: 'moderator',
  },
  decideVerification: {
    method: 'POST',
    path: '/api/moderation/verifications/:userId/decide',
    access: 'moderator',
  },
  receiveIdentityWebhook: {
    method: 'POST',
    path: '/api/identity/webhook',
    access: 'public',
  },
});

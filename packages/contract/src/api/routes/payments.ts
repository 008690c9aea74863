import { defineRoutes } from '../endpoint.js';

/**
 * Payment methods, charges and second chance offers (docs/payments.md, docs/charging-and-ledger.md),
 * the sandbox card form's two calls, and the provider's webhook.
 */
export const paymentsRoutes = defineRoutes({
  listPaymentMethods: {
    method: 'GET',
    path: '/api/stripe/payment-methods',
    access: 'member',
  },
  createSetupIntent: {
    method: 'POST',
    path: '/api/stripe/setup-intent',
    access: 'member',
  },
  removePaymentMethod: {
    method: 'DELETE',
    path: '/api/stripe/payment-methods/:id',
    access: 'member',
  },
  confirmSandboxSetup: {
    method: 'POST',
    path: '/api/payments/sandbox/confirm-setup',
    access: 'member',
  },
  authenticateSandboxSetup: {
    method: 'POST',
    path: '/api/payments/sandbox/authenticate-setup',
    access: 'member',
  },
  listPayments: {
    method: 'GET',
    path: '/api/payments',
    access: 'member',
  },
  retryPayment: {
    method: 'POST',
    path: '/api/payments/:id/retry',
    access: 'member',
  },
  acceptSecondChanceOffer: {
    method: 'POST',
    path: '/api/payments/:id/accept',
    access: 'member',
  },
  sendSecondChanceOffer: {
    method: 'POST',
    path: '/api/auctions/:id/second-chance',
    access: 'member',
  },
  declineSecondChanceOffer: {
    method: 'POST',
    path: '/api/payments/:id/decline',
    access: 'member',
  },
  receivePaymentWebhook: {
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
  },
});

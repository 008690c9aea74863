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
    summary: "The member's saved payment methods.",
  },
  createSetupIntent: {
    method: 'POST',
    path: '/api/stripe/setup-intent',
    access: 'member',
    summary: 'Start saving a payment method: the secret the card form confirms it with.',
  },
  removePaymentMethod: {
    method: 'DELETE',
    path: '/api/stripe/payment-methods/:id',
    access: 'member',
    summary: 'Remove one of the member’s saved payment methods.',
  },
  confirmSandboxSetup: {
    method: 'POST',
    path: '/api/payments/sandbox/confirm-setup',
    access: 'member',
    summary: 'The offline sandbox’s card form: confirm a card setup (only while the sandbox is the provider).',
  },
  authenticateSandboxSetup: {
    method: 'POST',
    path: '/api/payments/sandbox/authenticate-setup',
    access: 'member',
    summary: 'The offline sandbox’s 3-D Secure page: pass or fail the card’s authentication.',
  },
  listPayments: {
    method: 'GET',
    path: '/api/payments',
    access: 'member',
    summary: "The member's charges, earnings and refunds, newest first.",
  },
  retryPayment: {
    method: 'POST',
    path: '/api/payments/:id/retry',
    access: 'member',
    summary: 'Charge a failed payment again, before its pay-by time.',
  },
  acceptSecondChanceOffer: {
    method: 'POST',
    path: '/api/payments/:id/accept',
    access: 'member',
    summary: 'Accept a second chance offer: the member becomes the winner and is charged.',
  },
  sendSecondChanceOffer: {
    method: 'POST',
    path: '/api/auctions/:id/second-chance',
    access: 'member',
    summary: 'The host offers the date to the highest bidder of an auction that ended below its reserve.',
  },
  declineSecondChanceOffer: {
    method: 'POST',
    path: '/api/payments/:id/decline',
    access: 'member',
    summary: 'Decline a second chance offer.',
  },
  receivePaymentWebhook: {
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
    summary: 'The payment provider’s signed event (server to server; the signature is its only key).',
  },
});

import { defineRoutes } from '../endpoint.js';

/** The host's payout account (docs/the-date.md, "Payouts"). */
export const payoutsRoutes = defineRoutes({
  getPayoutAccount: {
    method: 'GET',
    path: '/api/payouts/account',
    access: 'member',
  },
  startPayoutOnboarding: {
    method: 'POST',
    path: '/api/payouts/account',
    access: 'member',
  },
  completeSandboxPayoutOnboarding: {
    method: 'POST',
    path: '/api/payouts/sandbox/complete',
    access: 'member',
  },
});

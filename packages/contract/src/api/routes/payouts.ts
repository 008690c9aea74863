import { defineRoutes } from '../endpoint.js';

/** The host's payout account (docs/the-date.md, "Payouts"). */
export const payoutsRoutes = defineRoutes({
  getPayoutAccount: {
    method: 'GET',
    path: '/api/payouts/account',
    access: 'member',
    summary: "The host's payout account and where their money stands.",
  },
  startPayoutOnboarding: {
    method: 'POST',
    path: '/api/payouts/account',
    access: 'member',
    summary: 'Where to complete payout onboarding.',
  },
  completeSandboxPayoutOnboarding: {
    method: 'POST',
    path: '/api/payouts/sandbox/complete',
    access: 'member',
    summary:
      'The offline sandbox’s onboarding page: finish payout onboarding (only while the sandbox is the provider).',
  },
});

import { payoutAccountSchema, payoutOnboardingSchema, sandboxPayoutOnboardingSchema } from '../../date-api.js';
import { bodyOrEmpty, noBodySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { payoutsRoutes as routes } from '../routes/payouts.js';

/** The host's payout account (docs/the-date.md, "Payouts"). */
export const payoutsEndpoints = {
  getPayoutAccount: defineEndpoint(routes.getPayoutAccount, {
    summary: "The host's payout account and where their money stands.",
    responses: { 200: payoutAccountSchema },
    errors: [],
  }),
  startPayoutOnboarding: defineEndpoint(routes.startPayoutOnboarding, {
    summary: 'Where to complete payout onboarding.',
    body: noBodySchema,
    responses: { 200: payoutOnboardingSchema },
    errors: [],
  }),
  completeSandboxPayoutOnboarding: defineEndpoint(routes.completeSandboxPayoutOnboarding, {
    summary:
      'The offline sandbox’s onboarding page: finish payout onboarding (only while the sandbox is the provider).',
    body: bodyOrEmpty(sandboxPayoutOnboardingSchema),
    responses: { 200: payoutAccountSchema },
    errors: ['bad_request'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

import { defineRoutes } from '../endpoint.js';

/** Onboarding after sign-up (docs/accounts.md "Onboarding"); its state is read with the current member. */
export const onboardingRoutes = defineRoutes({
  answerOnboarding: {
    method: 'PATCH',
    path: '/api/onboarding',
    access: 'member',
  },
});

import { onboardingAnswerSchema, onboardingPatchSchema } from '../../onboarding.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { onboardingRoutes as routes } from '../routes/onboarding.js';

/** Onboarding after sign-up (docs/accounts.md "Onboarding"). */
export const onboardingEndpoints = {
  answerOnboarding: defineEndpoint(routes.answerOnboarding, {
    summary: 'Mark onboarding steps finished or skipped; answers every step’s status.',
    body: onboardingPatchSchema,
    responses: { 200: onboardingAnswerSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

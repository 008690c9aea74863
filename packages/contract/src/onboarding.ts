import { z } from 'zod';
import { ONBOARDING_OUTCOMES, ONBOARDING_STEPS, type OnboardingState } from './onboarding-steps.js';

// The steps, their words and nextOnboardingStep are in onboarding-steps.ts, free of zod, so the web
// app's first bundle can use them without the schema library (docs/performance.md).
export * from './onboarding-steps.js';

const outcomeSchema = z.enum(ONBOARDING_OUTCOMES, { error: 'A step is either done or skipped' });

/** What the server stores per member: only the steps already answered. */
export const storedOnboardingSchema = z.object({
  photo: outcomeSchema.optional(),
  card: outcomeSchema.optional(),
  notifications: outcomeSchema.optional(),
});
export type StoredOnboarding = z.infer<typeof storedOnboardingSchema>;

/** The `onboarding` field of GET /api/auth/user: every step's status, in order (type: onboarding-steps.ts). */
export const onboardingStateSchema: z.ZodType<OnboardingState> = z.object({
  photo: z.enum(['pending', ...ONBOARDING_OUTCOMES]),
  card: z.enum(['pending', ...ONBOARDING_OUTCOMES]),
  notifications: z.enum(['pending', ...ONBOARDING_OUTCOMES]),
});

/**
 * PATCH /api/onboarding: one or more steps finished or skipped. A step once answered keeps its
 * first answer (a later `done` may replace a `skipped`, never the other way round).
 */
export const onboardingPatchSchema = storedOnboardingSchema
  .strict()
  .refine((patch) => ONBOARDING_STEPS.some((step) => patch[step] !== undefined), {
    message: 'Name at least one step',
  });
export type OnboardingPatch = z.infer<typeof onboardingPatchSchema>;

/** The answer to PATCH /api/onboarding: every step's status after the change. */
export const onboardingAnswerSchema = z.object({ onboarding: onboardingStateSchema });

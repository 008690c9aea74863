import { z } from 'zod';

/**
 * Onboarding (docs/accounts.md "Onboarding"): three short steps right after sign-up, each
 * finished or skipped once and then never shown again.
 */
export const ONBOARDING_STEPS = ['photo', 'card', 'notifications'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What a member did with a step: `done` (finished, or already true when the step came up) or `skipped`. */
export const ONBOARDING_OUTCOMES = ['done', 'skipped'] as const;
export type OnboardingOutcome = (typeof ONBOARDING_OUTCOMES)[number];
export type OnboardingStatus = OnboardingOutcome | 'pending';

const outcomeSchema = z.enum(ONBOARDING_OUTCOMES, { error: 'A step is either done or skipped' });

/** What the server stores per member: only the steps already answered. */
export const storedOnboardingSchema = z.object({
  photo: outcomeSchema.optional(),
  card: outcomeSchema.optional(),
  notifications: outcomeSchema.optional(),
});
export type StoredOnboarding = z.infer<typeof storedOnboardingSchema>;

/** The `onboarding` field of GET /api/auth/user: every step's status, in order. */
export const onboardingStateSchema = z.object({
  photo: z.enum(['pending', ...ONBOARDING_OUTCOMES]),
  card: z.enum(['pending', ...ONBOARDING_OUTCOMES]),
  notifications: z.enum(['pending', ...ONBOARDING_OUTCOMES]),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

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

/** The first step still to show, or null when onboarding is over. */
export function nextOnboardingStep(state: OnboardingState): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => state[step] === 'pending') ?? null;
}

/** Onboarding's words, asserted word for word by the tests. */
export const ONBOARDING_TEXTS = {
  skip: 'Skip for now',
  continue: 'Continue',
  progress: (index: number) => `Step ${index + 1} of ${ONBOARDING_STEPS.length}`,
  photo: {
    title: 'Add a photo',
    description: 'Members bid on people they can see. Your first photo is the one shown on your auctions.',
  },
  card: {
    title: 'Add a card',
    description: 'You need a card on file to bid. It is only charged if you win.',
  },
  notifications: {
    title: 'Turn on notifications',
    description: 'Know at once when you are outbid, win a date or get a message on this device.',
  },
} as const;

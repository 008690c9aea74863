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

/** The `onboarding` field of GET /api/auth/user: every step's status, in order (onboardingStateSchema). */
export type OnboardingState = Record<OnboardingStep, OnboardingStatus>;

/** The first step still to show, or null when onboarding is over. */
export function nextOnboardingStep(state: OnboardingState): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => state[step] === 'pending') ?? null;
}

/** Onboarding's words, asserted word for word by the tests. */
export const ONBOARDING_TEXTS = {
  skip: 'Skip for now',
  continue: 'Continue',
  progress: (index: number) => `Step ${index + 1} of ${ONBOARDING_STEPS.length}`,
  /** Step 1 while the profile is incomplete: what the profile needs comes before the photo. */
  profile: {
    title: 'About you',
    description: 'Your name, age and where you are: what members see on your auctions and bids.',
    save: 'Save and continue',
  },
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

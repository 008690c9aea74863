import {
  ONBOARDING_STEPS,
  type OnboardingPatch,
  type OnboardingState,
  type OnboardingStep,
  type StoredOnboarding,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/index.js';
import { unauthorized } from '../../lib/errors.js';
import { hasPushSubscription, mergeOnboarding } from './onboarding.repository.js';

/**
 * Each step's status for the signed-in member (docs/accounts.md "Onboarding"). A step not yet
 * answered whose point already holds (a photo, a card on file, push on a device) counts as done
 * and is recorded as done, so it stays done even if that photo or card goes later: a step is
 * never shown twice.
 */
export async function onboardingStateOf(
  db: Db,
  user: Pick<User, 'id' | 'onboarding' | 'profileImageUrl' | 'cardOnFile'>,
): Promise<OnboardingState> {
  const stored: StoredOnboarding = user.onboarding ?? {};
  const unanswered = ONBOARDING_STEPS.filter((step) => stored[step] === undefined);
  if (unanswered.length === 0) return toState(stored);

  const holds: Record<OnboardingStep, () => Promise<boolean> | boolean> = {
    photo: () => user.profileImageUrl !== null,
    card: () => user.cardOnFile,
    notifications: () => hasPushSubscription(db, user.id),
  };
  const alreadyDone: StoredOnboarding = {};
  for (const step of unanswered) {
    if (await holds[step]()) alreadyDone[step] = 'done';
  }
  if (Object.keys(alreadyDone).length === 0) return toState(stored);
  return toState((await mergeOnboarding(db, user.id, alreadyDone)) ?? { ...stored, ...alreadyDone });
}

/** PATCH /api/onboarding: the member finished or skipped steps; answers every step's status. */
export async function answerOnboarding(db: Db, userId: string, patch: OnboardingPatch): Promise<OnboardingState> {
  const stored = await mergeOnboarding(db, userId, patch);
  // A session can outlive its account (deleted elsewhere): treat it as signed out.
  if (!stored) throw unauthorized();
  return toState(stored);
}

function toState(stored: StoredOnboarding): OnboardingState {
  return {
    photo: stored.photo ?? 'pending',
    card: stored.card ?? 'pending',
    notifications: stored.notifications ?? 'pending',
  };
}

import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/index.js';
import { unauthorized } from '../../lib/errors.js';
import { onboardingStateOf } from '../onboarding/onboarding.service.js';
import { findMember } from '../users/users.service.js';
import { presentCurrentUser } from '../users/users.presenter.js';

export async function getCurrentUser(db: Db, userId: string) {
  const user = await findMember(db, userId);
  // A session can outlive its account (deleted elsewhere): treat it as signed out.
  if (!user) throw unauthorized();
  return presentSignedInUser(db, user);
}

/** The current-user answer, with where the member stands in onboarding (docs/accounts.md). */
export async function presentSignedInUser(db: Db, user: User) {
  return presentCurrentUser(user, await onboardingStateOf(db, user));
}

import type { CurrentUser, OnboardingState } from '@bid/contract';
import type { User } from '../../db/schema/index.js';

/**
 * What the signed-in user may read about themselves. Password hashes, provider
 * customer ids and identity documents never leave the server.
 */
export function presentCurrentUser(user: User, onboarding: OnboardingState): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    /** The screening held the bio: others do not see it until a moderator approves it. */
    bioReview:
      user.bioReviewStatus === 'pending' ? { status: user.bioReviewStatus, reasons: user.bioReviewReasons } : null,
    age: user.age,
    location: user.location,
    country: user.country,
    zipCode: user.zipCode,
    interests: user.interests,
    sex: user.sex,
    // docs/product.md §3: the current-user response carries gender, with sex as fallback.
    gender: user.sex,
    openToDatesWith: user.openToDatesWith,
    identityVerificationStatus: user.identityVerificationStatus,
    /** 'moderator' shows the Moderation link (docs/trust-and-safety.md); the server checks the role itself. */
    role: user.role,
    /** Which onboarding steps are still to show (docs/accounts.md "Onboarding"). */
    onboarding,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

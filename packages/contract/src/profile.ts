// The profile form's schema is in profile-schemas.ts: this module is free of zod (docs/performance.md).

/** Interests are short tags; these bounds keep a profile readable and its row small. */
export const INTERESTS_MAX = 20;
export const INTEREST_MAX_LENGTH = 40;

/** docs/product.md §5 "Interests": blank entries and duplicates are ignored (case-insensitively). */
export function normalizeInterests(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of list) {
    const interest = raw.trim();
    const key = interest.toLowerCase();
    if (!interest || seen.has(key)) continue;
    seen.add(key);
    result.push(interest);
  }
  return result;
}

/** The fields docs/product.md §5 requires before bidding or creating an auction. */
export interface ProfileCompletenessFields {
  firstName?: string | null;
  lastName?: string | null;
  age?: number | null;
  location?: string | null;
  sex?: string | null;
  openToDatesWith?: readonly string[] | null;
}

/** docs/product.md §5 "Profile completeness": one function for the server's checks and the web's prompts. */
export function isProfileComplete(user: ProfileCompletenessFields): boolean {
  const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim().length > 0;
  return (
    filled(user.firstName) &&
    filled(user.lastName) &&
    typeof user.age === 'number' &&
    filled(user.location) &&
    filled(user.sex) &&
    (user.openToDatesWith?.length ?? 0) > 0
  );
}

export const INCOMPLETE_PROFILE_TITLE = 'Complete Your Profile';
export const INCOMPLETE_PROFILE_FOR_BID =
  'Please complete all mandatory profile fields (name, age, gender, location, and dating preferences) before placing a bid.';
export const INCOMPLETE_PROFILE_FOR_AUCTION =
  'Please complete all mandatory profile fields (name, age, gender, location, and dating preferences) before creating an auction.';

import { ACCOUNT_SUSPENDED_MESSAGE } from '@bid/contract';

/**
 * Readable text for the `?error=` values the server puts on /login when a provider sign-in
 * could not finish.
 */
const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  provider_unavailable: 'That sign-in option is not available right now. Please use your email instead.',
  provider_unknown: 'That sign-in option is not recognised. Please use your email instead.',
  provider_failed: 'Sign-in with that provider did not complete. Please try again.',
  account_exists: 'An account with this email already exists. Sign in with your email and password first.',
  account_suspended: ACCOUNT_SUSPENDED_MESSAGE,
};

const FALLBACK = 'Sign-in did not complete. Please try again.';

export function describeLoginError(code: string | null): string | null {
  if (!code) return null;
  return LOGIN_ERROR_MESSAGES[code] ?? FALLBACK;
}

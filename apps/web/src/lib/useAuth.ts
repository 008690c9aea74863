import type { OnboardingState } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/queryClient';

export const AUTH_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user as the server sees them (GET /api/auth/user). */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  age: number | null;
  location: string | null;
  country: string | null;
  zipCode: string | null;
  interests: string[];
  sex: 'male' | 'female' | 'other' | null;
  gender: string | null;
  openToDatesWith: Array<'male' | 'female' | 'other'>;
  identityVerificationStatus: string;
  /** 'moderator' shows the Moderation link; the server checks the role on every moderation call. */
  role?: 'member' | 'moderator';
  /** Which onboarding steps are still to show (docs/accounts.md "Onboarding"); absent means none. */
  onboarding?: OnboardingState;
  createdAt: string;
  updatedAt: string;
}

/**
 * Visitor state (docs/product.md §4): authenticated if the current-user call returns data; no content
 * (a visitor without a session) or a 401 (a session that ended) means logged out.
 */
export function useAuth() {
  const query = useQuery({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

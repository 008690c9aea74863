import type { CurrentUser } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/apiClient';

/** The signed-in member as the server sees them (the contract's `getCurrentUser` answer). */
export type { CurrentUser };

export const AUTH_USER_KEY = apiQueryKey('getCurrentUser', {});

/**
 * Visitor state (docs/product.md §4): authenticated if the current-user call returns data; no content
 * (a visitor without a session) or a 401 (a session that ended) means logged out.
 */
export function useAuth() {
  const query = useQuery({ ...apiQuery('getCurrentUser', {}, { unauthorizedAsNull: true }), retry: false });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

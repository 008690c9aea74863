import { useQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api';
import { apiQueryKey, apiUrl, readApiAnswer } from '@/lib/apiClient';
import type { ChatUser } from '../types';

export interface FoundUser extends ChatUser {
  location?: string | null;
}

export interface UserSearchResult {
  users: FoundUser[];
  /** False when the server has no user search (answers 404): the dialog says so instead of "no results". */
  isAvailable: boolean;
}

/** People matching the text (`searchUsers`, docs/product.md §7). */
export async function searchUsers(term: string, signal?: AbortSignal): Promise<UserSearchResult> {
  const res = await fetch(apiUrl('searchUsers', { query: { q: term } }), { credentials: 'include', signal });
  if (res.status === 404) return { users: [], isAvailable: false };
  await throwIfResNotOk(res);
  const body = await readApiAnswer('searchUsers', res);
  return { users: body.users, isAvailable: true };
}

/** docs/product.md §5 Search: the new-chat dialog searches only for non-empty trimmed text. */
export function useUserSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: apiQueryKey('searchUsers', { query: { q: trimmed } }),
    queryFn: ({ signal }) => searchUsers(trimmed, signal),
    enabled: trimmed.length > 0,
  });
}

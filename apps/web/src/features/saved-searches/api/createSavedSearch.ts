import type { SavedSearch } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { BrowseSearch } from '../browseSearch';

export const SAVED_SEARCHES_KEY = ['/api/saved-searches'] as const;

/** POST /api/saved-searches (docs/auctions.md "Saved searches"). */
export async function createSavedSearch(
  body: BrowseSearch & { name: string; location?: string },
): Promise<SavedSearch> {
  const res = await apiRequest('POST', '/api/saved-searches', body);
  return (await res.json()) as SavedSearch;
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiQueryKey, type ApiBody } from '@/lib/apiClient';

/** Save the current search (docs/auctions.md "Saved searches"). */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'createSavedSearch'>) => api('createSavedSearch', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('listSavedSearches', {}) }),
  });
}

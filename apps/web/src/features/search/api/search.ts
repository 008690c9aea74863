import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, apiUrl, readApiAnswer, type ApiOutput } from '@/lib/apiClient';

/** docs/product.md §8: the call's own error message. */
export const SEARCH_FAILED = 'Search failed';

/** People and auctions matching `q`; any non-OK answer throws 'Search failed' (docs/product.md §7). */
export async function fetchSearch(q: string, signal?: AbortSignal): Promise<ApiOutput<'searchEverything'>> {
  // Not `api()`: this call has its own error message, whatever the server said.
  const res = await fetch(apiUrl('searchEverything', { query: { q } }), { credentials: 'include', signal });
  if (!res.ok) throw new Error(SEARCH_FAILED);
  return readApiAnswer('searchEverything', res);
}

/** One cache entry per trimmed text, shared by the header dropdown and the search page. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: apiQueryKey('searchEverything', { query: { q } }),
    queryFn: ({ signal }) => fetchSearch(q, signal),
  });

/** docs/product.md §5: a search runs only for non-empty trimmed text (and only when `enabled`). */
export function useSearchResults(text: string, enabled = true) {
  const q = text.trim();
  return useQuery({ ...searchQueryOptions(q), enabled: enabled && q !== '' });
}

import type { SearchResults } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyToUrl } from '@/lib/api';

export const SEARCH_KEY = '/api/search';
/** docs/product.md §8: the call's own error message. */
export const SEARCH_FAILED = 'Search failed';

/** GET /api/search?q= → {users, auctions}; any non-OK answer throws 'Search failed' (docs/product.md §7). */
export async function fetchSearch(q: string, signal?: AbortSignal): Promise<SearchResults> {
  const res = await fetch(queryKeyToUrl([SEARCH_KEY, { q }]), { credentials: 'include', signal });
  if (!res.ok) throw new Error(SEARCH_FAILED);
  return (await res.json()) as SearchResults;
}

/** One cache entry per trimmed text, shared by the header dropdown and the search page. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [SEARCH_KEY, { q }] as const,
    queryFn: ({ signal }) => fetchSearch(q, signal),
  });

/** docs/product.md §5: a search runs only for non-empty trimmed text (and only when `enabled`). */
export function useSearchResults(text: string, enabled = true) {
  const q = text.trim();
  return useQuery({ ...searchQueryOptions(q), enabled: enabled && q !== '' });
}

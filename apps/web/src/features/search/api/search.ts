import type { DateType } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyToUrl } from '@/lib/api';

/** A person in search results (public profile fields only). */
export interface SearchUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  location: string | null;
  age: number | null;
  bio: string | null;
  interests: string[];
  /** The member's identity is verified (docs/trust-and-safety.md). */
  identityVerified?: boolean;
}

/** An open auction in search results. */
export interface SearchAuction {
  id: string;
  title: string;
  dateType: DateType;
  currentBid: string;
  endTime: string;
  location: string | null;
  description: string;
  bidCount: number;
  creator: { id: string; firstName: string | null; lastName: string | null; identityVerified?: boolean };
}

export interface SearchResults {
  users: SearchUser[];
  auctions: SearchAuction[];
}

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

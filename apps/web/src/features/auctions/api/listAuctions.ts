import {
  AUCTION_PAGE_SIZE_DEFAULT,
  type AuctionListItem,
  type AuctionSort,
  HAS_MORE_HEADER,
  NEXT_CURSOR_HEADER,
  POLL_INTERVAL_MS,
} from '@bid/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { throwIfResNotOk } from '@/lib/api';
import { apiUrl, readApiAnswer } from '@/lib/apiClient';
import { AUCTIONS_KEY, type AuctionPage } from './auctionCache';
import { useLiveAuctions } from './liveAuctions';

/** The home feed's filters (docs/product.md §2 "Home page"); 'any' and 'all' mean no filter. */
export interface AuctionFeedFilters {
  location: '25' | '50' | '100' | 'any';
  dateType: 'all' | 'coffee' | 'dinner' | 'activity';
  priceRange: 'any' | 'under-50' | '50-100' | 'over-100';
  sortBy: Exclude<AuctionSort, 'price-high'>;
}

export const DEFAULT_FEED_FILTERS: AuctionFeedFilters = {
  location: 'any',
  dateType: 'all',
  priceRange: 'any',
  sortBy: 'ending-soon',
};

export const FEED_PAGE_SIZE = AUCTION_PAGE_SIZE_DEFAULT;

/**
 * Where a page starts: the first page at offset 0, every next one after the cursor the page
 * before named (`X-Next-Cursor`: an index range however deep, docs/auctions.md "Listing"), or
 * by offset when a server named none.
 */
export type AuctionPageStart = { offset: number } | { cursor: string };

const FIRST_PAGE: AuctionPageStart = { offset: 0 };

/** `listAuctions` with the filters and one page window; `X-Has-More` says whether another page exists. */
export async function fetchAuctionPage(
  filters: AuctionFeedFilters,
  start: AuctionPageStart,
  signal?: AbortSignal,
): Promise<AuctionPage> {
  // Read by hand rather than with `api()`: the page's headers say where the next one starts.
  const url = apiUrl('listAuctions', { query: { ...filters, limit: FEED_PAGE_SIZE, ...start } });
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  const items = await readApiAnswer('listAuctions', res);
  return {
    items,
    hasMore: res.headers.get(HAS_MORE_HEADER) === 'true',
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
  };
}

export function auctionFeedQueryOptions(filters: AuctionFeedFilters) {
  return infiniteQueryOptions({
    queryKey: [...AUCTIONS_KEY, filters] as const,
    queryFn: ({ pageParam, signal }) => fetchAuctionPage(filters, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastStart): AuctionPageStart | undefined => {
      if (!lastPage.hasMore) return undefined;
      if (lastPage.nextCursor) return { cursor: lastPage.nextCursor };
      return { offset: ('offset' in lastStart ? lastStart.offset : 0) + lastPage.items.length };
    },
    // docs/product.md §7: the auction list is polled every 30 s (every loaded page is refreshed).
    refetchInterval: POLL_INTERVAL_MS,
    // Changing a filter keeps the grid in place until the new list arrives.
    placeholderData: keepPreviousData,
  });
}

/** The signed-in home feed with Load More (next page after the last card's cursor, appended). */
export function useAuctionFeed(filters: AuctionFeedFilters) {
  const feed = useInfiniteQuery(auctionFeedQueryOptions(filters));
  // Every loaded page's auctions follow their live channels (docs/product.md §4 "Live bids").
  useLiveAuctions(flattenPages(feed.data?.pages).map((auction) => auction.id));
  return feed;
}

/** The pages in order, without an auction that moved between pages while they loaded. */
export function flattenPages(pages: readonly AuctionPage[] | undefined): AuctionListItem[] {
  const seen = new Set<string>();
  const auctions: AuctionListItem[] = [];
  for (const page of pages ?? []) {
    for (const auction of page.items) {
      if (seen.has(auction.id)) continue;
      seen.add(auction.id);
      auctions.push(auction);
    }
  }
  return auctions;
}

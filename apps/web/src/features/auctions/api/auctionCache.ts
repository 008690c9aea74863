import type { AuctionListItem } from '@bid/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiQueryKey } from '@/lib/apiClient';

/**
 * Every auction read (lists, an auction, its bids) starts with the list's key, so one prefix
 * reaches them all (docs/architecture.md, "Endpoints": a read's key is its path's runs and values).
 */
export const AUCTIONS_KEY = apiQueryKey('listAuctions', { query: {} });

/** One page of the home feed: the auctions and whether the server has more (`X-Has-More`). */
export interface AuctionPage {
  items: AuctionListItem[];
  hasMore: boolean;
  /** Where the next page starts (`X-Next-Cursor`), when the server named it. */
  nextCursor?: string | null;
}

type PatchableFields = Pick<
  AuctionListItem,
  'currentBid' | 'bidCount' | 'endTime' | 'isActive' | 'winnerId' | 'viewerStanding' | 'reserveMet'
>;
export type AuctionPatch = Partial<PatchableFields> | ((auction: PatchableFields) => Partial<PatchableFields>);

type CachedAuction = Pick<AuctionListItem, 'id'> & PatchableFields;

function patchOne<T extends CachedAuction>(auction: T, id: string, patch: AuctionPatch): T {
  if (auction.id !== id) return auction;
  return { ...auction, ...(typeof patch === 'function' ? patch(auction) : patch) };
}

function isInfinitePages(data: unknown): data is InfiniteData<AuctionPage, unknown> {
  return Boolean(data && typeof data === 'object' && Array.isArray((data as { pages?: unknown }).pages));
}

/**
 * Applies `patch` to auction `id` wherever a cached read holds it: the paged home feed, the
 * public browse list, or the auction's own page. Anything else passes through untouched.
 */
export function patchCachedData(data: unknown, id: string, patch: AuctionPatch): unknown {
  if (Array.isArray(data)) return (data as CachedAuction[]).map((auction) => patchOne(auction, id, patch));
  if (isInfinitePages(data)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((a) => patchOne(a, id, patch)) })),
    };
  }
  if (data && typeof data === 'object' && (data as CachedAuction).id === id) {
    return patchOne(data as CachedAuction, id, patch);
  }
  return data;
}

/** Patches every cached read of auction `id` at once (lists and its detail). */
export function patchCachedAuction(queryClient: QueryClient, id: string, patch: AuctionPatch): void {
  queryClient.setQueriesData({ queryKey: AUCTIONS_KEY }, (data: unknown) =>
    data === undefined ? undefined : patchCachedData(data, id, patch),
  );
}

import { AUCTION_PAGE_SIZE_MAX, POLL_INTERVAL_MS } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/apiClient';
import { useLiveAuctions } from './liveAuctions';

/**
 * The public browse page reads one list and filters and sorts it in the browser
 * (docs/product.md §2 "Public browse page"): `listAuctions` with the largest page, the URL the
 * server preloads (`BROWSE_LIST_PATH`).
 */
export const publicAuctionsQueryOptions = queryOptions({
  ...apiQuery('listAuctions', { query: { limit: AUCTION_PAGE_SIZE_MAX } }),
  refetchInterval: POLL_INTERVAL_MS,
});

export function usePublicAuctions() {
  const query = useQuery(publicAuctionsQueryOptions);
  // The list's auctions follow their live channels (docs/product.md §4 "Live bids").
  useLiveAuctions(query.data?.map((auction) => auction.id) ?? []);
  return query;
}

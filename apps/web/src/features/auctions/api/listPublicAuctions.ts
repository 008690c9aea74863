import { AUCTION_PAGE_SIZE_MAX, type AuctionListItem, POLL_INTERVAL_MS } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUCTIONS_KEY } from './auctionCache';
import { useLiveAuctions } from './liveAuctions';

/**
 * The public browse page reads one list and filters and sorts it in the browser
 * (docs/product.md §2 "Public browse page"): GET /api/auctions?limit=100 through the default query function.
 */
export const publicAuctionsQueryOptions = queryOptions<AuctionListItem[]>({
  queryKey: [...AUCTIONS_KEY, { limit: AUCTION_PAGE_SIZE_MAX }],
  refetchInterval: POLL_INTERVAL_MS,
});

export function usePublicAuctions() {
  const query = useQuery(publicAuctionsQueryOptions);
  // The list's auctions follow their live channels (docs/product.md §4 "Live bids").
  useLiveAuctions(query.data?.map((auction) => auction.id) ?? []);
  return query;
}

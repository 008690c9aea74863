import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/apiClient';

/**
 * The auction's bid history, newest first (`listAuctionBids`). Keyed under the auction so every
 * refresh of the auction (a bid, a live update) refreshes it too; `bidCount` ends the key so a
 * live bid_update, which patches the count, reads the history again.
 */
export function useBidHistory(auctionId: string, bidCount: number) {
  const { queryKey, queryFn } = apiQuery('listAuctionBids', { params: { id: auctionId } });
  return useQuery({
    queryKey: [...queryKey, bidCount],
    queryFn,
    placeholderData: (previous) => previous,
  });
}

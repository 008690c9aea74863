import type { AuctionBidView } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { AUCTIONS_KEY } from './auctionCache';

/**
 * GET /api/auctions/{id}/bids: the auction's bid history, newest first. Keyed under the auction
 * so every refresh of the auction (a bid, a live update) refreshes it too; `bidCount` is part of
 * the key so a live bid_update, which patches the count, reads the history again.
 */
export function useBidHistory(auctionId: string, bidCount: number) {
  return useQuery<AuctionBidView[]>({
    queryKey: [...AUCTIONS_KEY, auctionId, 'bids', bidCount],
    queryFn: async () =>
      (await (
        await apiRequest('GET', `/api/auctions/${encodeURIComponent(auctionId)}/bids`)
      ).json()) as AuctionBidView[],
    placeholderData: (previous) => previous,
  });
}

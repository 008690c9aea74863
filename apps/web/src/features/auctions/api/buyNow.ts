import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiQueryKey } from '@/lib/apiClient';
import { AUCTIONS_KEY, patchCachedAuction } from './auctionCache';

/** Buy Now: closes the auction at its buy-now price with the caller as winner. */
export function buyNow(auctionId: string) {
  return api('buyNow', { params: { id: auctionId } });
}

export function useBuyNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyNow,
    onSuccess: async ({ auction }, auctionId) => {
      await queryClient.cancelQueries({ queryKey: AUCTIONS_KEY });
      const { currentBid, bidCount, endTime, isActive, winnerId } = auction;
      patchCachedAuction(queryClient, auctionId, { currentBid, bidCount, endTime, isActive, winnerId });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('listMyBids', {}) }),
      ]);
    },
  });
}

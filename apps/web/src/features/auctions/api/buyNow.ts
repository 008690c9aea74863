import type { AuctionListItem } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { AUCTIONS_KEY, patchCachedAuction } from './auctionCache';

export interface BuyNowResult {
  auction: Partial<AuctionListItem> & { id: string };
}

/** POST /api/auctions/{id}/buy-now: closes the auction at its buy-now price with the caller as winner. */
export async function buyNow(auctionId: string): Promise<BuyNowResult> {
  const res = await apiRequest('POST', `/api/auctions/${encodeURIComponent(auctionId)}/buy-now`);
  return (await res.json()) as BuyNowResult;
}

export function useBuyNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyNow,
    onSuccess: async ({ auction }, auctionId) => {
      await queryClient.cancelQueries({ queryKey: AUCTIONS_KEY });
      const { currentBid, bidCount, endTime, isActive, winnerId } = auction ?? {};
      patchCachedAuction(queryClient, auctionId, {
        ...(currentBid !== undefined ? { currentBid } : {}),
        ...(bidCount !== undefined ? { bidCount } : {}),
        ...(endTime !== undefined ? { endTime } : {}),
        ...(isActive !== undefined ? { isActive } : {}),
        ...(winnerId !== undefined ? { winnerId } : {}),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/my-bids'] }),
      ]);
    },
  });
}

import type { AuctionListItem } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { AUCTIONS_KEY } from './auctionCache';

/** GET /api/watchlist: the member's watched auctions, open ones first (docs/auctions.md). */
export const WATCHLIST_KEY = ['/api/watchlist'] as const;

export function useWatchlist() {
  return useQuery<AuctionListItem[]>({ queryKey: WATCHLIST_KEY });
}

/** PUT or DELETE /api/auctions/{id}/watch (both idempotent, 204), then every list and the page read again. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ auctionId, watch }: { auctionId: string; watch: boolean }) => {
      await apiRequest(watch ? 'PUT' : 'DELETE', `/api/auctions/${encodeURIComponent(auctionId)}/watch`);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
      ]);
    },
  });
}

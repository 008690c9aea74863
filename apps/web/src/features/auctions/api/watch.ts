import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';
import { AUCTIONS_KEY } from './auctionCache';

/** The member's watched auctions, open ones first (docs/auctions.md). */
export const WATCHLIST_KEY = apiQueryKey('listWatchlist', {});

export function useWatchlist() {
  return useQuery(apiQuery('listWatchlist', {}));
}

/** Watch or stop watching (both idempotent, 204), then every list and the page read again. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ auctionId, watch }: { auctionId: string; watch: boolean }) => {
      await api(watch ? 'watchAuction' : 'unwatchAuction', { params: { id: auctionId } });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
      ]);
    },
  });
}

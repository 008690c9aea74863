import type { CreateAuction } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { AUCTIONS_KEY } from './auctionCache';

/** Creates the auction: 201 with the new auction. */
export function createAuction(auction: CreateAuction) {
  return api('createAuction', { body: auction });
}

/** docs/product.md §4 "Auction creation success": the list is refreshed (the page shows the toast and navigates). */
export function useCreateAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
  });
}

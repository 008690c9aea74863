import type { CreateAuction } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { AUCTIONS_KEY } from './auctionCache';

export interface CreatedAuction {
  id: string;
}

/** POST /api/auctions: 201 with the new auction. */
export async function createAuction(auction: CreateAuction): Promise<CreatedAuction> {
  const res = await apiRequest('POST', '/api/auctions', auction);
  return (await res.json()) as CreatedAuction;
}

/** docs/product.md §4 "Auction creation success": the list is refreshed (the page shows the toast and navigates). */
export function useCreateAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
  });
}

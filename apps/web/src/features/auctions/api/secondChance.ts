import type { SecondChanceOfferResponse } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/auctions/{id}/second-chance: the host of an auction that ended below its reserve
 * offers its highest bidder the date at their highest bid (docs/auctions.md, "Reserve price").
 */
export async function sendSecondChance(auctionId: string): Promise<SecondChanceOfferResponse> {
  const res = await apiRequest('POST', `/api/auctions/${encodeURIComponent(auctionId)}/second-chance`);
  return (await res.json()) as SecondChanceOfferResponse;
}

export function useSendSecondChance() {
  return useMutation({ mutationFn: sendSecondChance });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

/**
 * The host of an auction that ended below its reserve offers its highest bidder the date at
 * their highest bid (docs/auctions.md, "Reserve price").
 */
export const sendSecondChance = (auctionId: string) => api('sendSecondChanceOffer', { params: { id: auctionId } });

export function useSendSecondChance() {
  return useMutation({ mutationFn: sendSecondChance });
}

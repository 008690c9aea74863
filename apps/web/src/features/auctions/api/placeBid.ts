import { centsToMoneyString, type PlaceBidResponse } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { AUCTIONS_KEY, patchCachedAuction } from './auctionCache';

export interface PlaceBidVariables {
  auctionId: string;
  amountCents: number;
}

/** The 201 answer; `auction` is read defensively since only the bid itself is essential. */
export type PlacedBid = Omit<PlaceBidResponse, 'auction'> & { auction?: PlaceBidResponse['auction'] };

/** POST /api/bids {auctionId, amount} with the amount as a decimal string (docs/engineering.md §5: never a float). */
export async function placeBid({ auctionId, amountCents }: PlaceBidVariables): Promise<PlacedBid> {
  const res = await apiRequest('POST', '/api/bids', { auctionId, amount: centsToMoneyString(amountCents) });
  return (await res.json()) as PlacedBid;
}

/**
 * docs/product.md §4 "Live bids": a successful bid sets the new current bid and adds 1 to the count
 * wherever the auction is shown (when the server answers with its own figures, those win:
 * they also carry an end time a soft close moved). Then docs/product.md §7: the list and the auction
 * are read again.
 */
export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBid,
    onSuccess: async (result, { auctionId, amountCents }) => {
      // A poll already in flight would otherwise overwrite the new figures with old ones.
      await queryClient.cancelQueries({ queryKey: AUCTIONS_KEY });
      const server = result.auction;
      patchCachedAuction(queryClient, auctionId, (auction) => ({
        currentBid: server?.currentBid ?? centsToMoneyString(amountCents),
        bidCount: server?.bidCount ?? auction.bidCount + 1,
        ...(server?.endTime ? { endTime: server.endTime } : {}),
        ...(server?.reserveMet === undefined ? {} : { reserveMet: server.reserveMet }),
      }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/my-bids'] }),
      ]);
    },
  });
}

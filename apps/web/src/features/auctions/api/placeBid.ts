import { centsToMoneyString } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiQueryKey, type ApiOutput } from '@/lib/apiClient';
import { AUCTIONS_KEY, patchCachedAuction } from './auctionCache';

export interface PlaceBidVariables {
  auctionId: string;
  amountCents: number;
  /** An automatic bid's maximum (docs/auctions.md): the most the member will pay, private to them. */
  maxCents?: number;
}

/** The 201 answer. */
export type PlacedBid = ApiOutput<'placeBid'>;

/** Places a bid with the amounts as decimal strings (docs/engineering.md §5: never a float). */
export function placeBid({ auctionId, amountCents, maxCents }: PlaceBidVariables): Promise<PlacedBid> {
  return api('placeBid', {
    body: {
      auctionId,
      amount: centsToMoneyString(amountCents),
      ...(maxCents === undefined ? {} : { maxAmount: centsToMoneyString(maxCents) }),
    },
  });
}

/**
 * docs/product.md §4 "Live bids": a successful bid sets the new current bid and count wherever the
 * auction is shown, from the server's own figures (they also carry an end time a soft close
 * moved). Then docs/product.md §7: the list and the auction are read again. The one client of
 * placing a bid, whether one amount or a maximum (MaxBidForm).
 */
export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBid,
    onSuccess: async (result, { auctionId }) => {
      // A poll already in flight would otherwise overwrite the new figures with old ones.
      await queryClient.cancelQueries({ queryKey: AUCTIONS_KEY });
      const server = result.auction;
      patchCachedAuction(queryClient, auctionId, {
        currentBid: server.currentBid,
        bidCount: server.bidCount,
        endTime: server.endTime,
        ...(server.reserveMet === undefined ? {} : { reserveMet: server.reserveMet }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('listMyBids', {}) }),
      ]);
    },
  });
}

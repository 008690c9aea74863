import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey } from '@/lib/apiClient';
import { type RealtimeEvent, useRealtimeChannels } from '@/lib/realtime';
import { type AuctionPatch, patchCachedAuction } from './auctionCache';

/**
 * docs/product.md §4 "Live bids": a bid_update replaces the auction's current bid, bid count,
 * end, and (after Buy Now) its state and winner in every cached list and on its page
 * (docs/realtime.md). Events can arrive out of order from different app instances, so one with
 * fewer bids than the cache already shows changes nothing. auction_closed ends the auction where
 * it is shown. Other events are not about auctions.
 */
export function applyAuctionEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  let patch: AuctionPatch;
  switch (event.type) {
    case 'bid_update': {
      const { newBid, bidCount, endTime, isActive, winnerId, reserveMet } = event;
      // "Reserve met" is heard live (docs/auctions.md, "Reserve price"); absent: no reserve.
      const reserve = reserveMet === undefined ? {} : { reserveMet };
      patch = (auction) =>
        bidCount < auction.bidCount ? {} : { currentBid: newBid, bidCount, endTime, isActive, winnerId, ...reserve };
      break;
    }
    case 'auction_closed':
      patch = {
        isActive: false,
        winnerId: event.winnerId,
        ...(event.reserveMet === undefined ? {} : { reserveMet: event.reserveMet }),
      };
      break;
    default:
      return;
  }
  const { auctionId } = event;
  patchCachedAuction(queryClient, auctionId, patch);
  // The event carries numbers only: what else changed (the bid list, the bidder count, the
  // winner, where the viewer stands, the profile lists) is read again where it is shown.
  void queryClient.invalidateQueries({
    queryKey: apiQueryKey('getAuction', { params: { id: auctionId } }),
    exact: true,
  });
  for (const key of LISTS_FOLLOWING_AUCTIONS) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** The profile lists that show auctions' state (My Bids, My Auctions): refreshed on any auction event. */
const LISTS_FOLLOWING_AUCTIONS = [apiQueryKey('listMyBids', {}), apiQueryKey('listMyAuctions', {})];

/** Follows the given auctions live while the calling component is mounted. */
export function useLiveAuctions(auctionIds: readonly string[]): void {
  const queryClient = useQueryClient();
  useRealtimeChannels(
    auctionIds.map((auctionId) => ({ auctionId })),
    (event) => applyAuctionEvent(queryClient, event),
  );
}

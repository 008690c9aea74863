import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { type RealtimeEvent, useRealtimeChannels } from '@/lib/realtime';
import { type AuctionPatch, patchCachedAuction } from './auctionCache';

/**
 * SPEC §4 "Live bids": a bid_update replaces the auction's current bid and bid count in
 * every cached list and on its page (docs/realtime.md). Events can arrive out of order from
 * different app instances, so one with fewer bids than the cache already shows is ignored.
 * auction_closed (from the closing job) ends the auction where it is shown.
 */
export function applyAuctionEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  const auctionId = event.auctionId;
  if (typeof auctionId !== 'string') return;
  let patch: AuctionPatch | undefined;
  if (event.type === 'bid_update' && typeof event.newBid === 'string' && typeof event.bidCount === 'number') {
    const { newBid, bidCount } = event;
    patch = (auction) =>
      bidCount < auction.bidCount
        ? {}
        : {
            currentBid: newBid,
            bidCount,
            ...(typeof event.endTime === 'string' ? { endTime: event.endTime } : {}),
            ...(typeof event.isActive === 'boolean' ? { isActive: event.isActive } : {}),
            ...(typeof event.winnerId === 'string' ? { winnerId: event.winnerId } : {}),
          };
  } else if (event.type === 'auction_closed') {
    patch = {
      isActive: false,
      ...(typeof event.winnerId === 'string' || event.winnerId === null ? { winnerId: event.winnerId } : {}),
    };
  }
  if (patch) patchCachedAuction(queryClient, auctionId, patch);
}

/** Follows the given auctions live while the calling component is mounted. */
export function useLiveAuctions(auctionIds: readonly string[]): void {
  const queryClient = useQueryClient();
  useRealtimeChannels(
    auctionIds.map((auctionId) => ({ auctionId })),
    (event) => applyAuctionEvent(queryClient, event),
  );
}

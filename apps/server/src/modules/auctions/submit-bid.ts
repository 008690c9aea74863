import { auctionChannel, centsToMoneyString, minimumNextBidCents, type PlaceBidResponse } from '@bid/contract';
import type { RealtimePublisher } from '../realtime/hub.js';
import { placeBid, type BidsDeps } from './bids.service.js';

export interface SubmitBidDeps extends BidsDeps {
  realtime: RealtimePublisher;
}

/**
 * POST /api/bids's use case: `placeBid` (the checks and the transaction), then, once it has
 * committed, the live events (docs/realtime.md). A refused bid threw and publishes nothing.
 */
export async function submitBid(deps: SubmitBidDeps, bidderId: string, body: unknown): Promise<PlaceBidResponse> {
  const { recipients, ...response } = await placeBid(deps, bidderId, body);
  const { auction } = response;
  // Every page showing the auction: the new price, count and end.
  deps.realtime.publish(auctionChannel(auction.id), {
    type: 'bid_update',
    auctionId: auction.id,
    newBid: auction.currentBid,
    bidCount: auction.bidCount,
    endTime: auction.endTime,
    isActive: true,
    winnerId: null,
  });
  // The bid's notices were written with it: the host's and the outbid member's bells refresh
  // now, and the outbid member's open pages say so (the 30 s poll stays the fallback).
  deps.realtime.publishToUser(recipients.hostId, { type: 'notifications_changed' });
  if (recipients.outbidId) {
    deps.realtime.publishToUser(recipients.outbidId, { type: 'notifications_changed' });
    deps.realtime.publishToUser(recipients.outbidId, {
      type: 'outbid',
      auctionId: auction.id,
      newBid: auction.currentBid,
      minimumBid: centsToMoneyString(minimumNextBidCents({ ...auction, startingBid: auction.currentBid })),
    });
  }
  return response;
}

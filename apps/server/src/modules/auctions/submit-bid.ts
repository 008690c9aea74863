import { auctionChannel, centsToMoneyString, minimumNextBidCents, type PlaceBidResponse } from '@bid/contract';
import type { RealtimePublisher } from '../realtime/hub.js';
import type { BidNoticeWriter } from './bid-notice-writer.js';
import { placeBid, type BidsDeps } from './bids.service.js';

export interface SubmitBidDeps extends BidsDeps {
  realtime: RealtimePublisher;
  /** The instance's writer of bids' notices (docs/notifications.md, "A bid's notices"). */
  bidNotices: BidNoticeWriter;
}

/**
 * POST /api/bids's use case: `placeBid` (the checks and the transaction), then, once it has
 * committed, the live events (docs/realtime.md) and the bid's notices, written off the auction's
 * row lock before the answer goes out, so the bidder's answer still means the host has been told.
 * A refused bid threw and publishes nothing.
 */
export async function submitBid(deps: SubmitBidDeps, bidderId: string, body: unknown): Promise<PlaceBidResponse> {
  const { recipients, ...response } = await placeBid(deps, bidderId, body);
  const { auction } = response;
  // The leader raising their own maximum changed nothing anyone else can see (the price, the count
  // and the end stay): publishing would only tell watchers that the leader raised it.
  if (recipients.raisedOwnMaximum) return response;
  // Every page showing the auction: the new price, count and end.
  deps.realtime.publish(auctionChannel(auction.id), {
    type: 'bid_update',
    auctionId: auction.id,
    newBid: auction.currentBid,
    bidCount: auction.bidCount,
    endTime: auction.endTime,
    isActive: true,
    winnerId: null,
    ...(auction.reserveMet === undefined ? {} : { reserveMet: auction.reserveMet }),
  });
  // The outbid member's open pages say so at once (the 30 s poll stays the fallback).
  if (recipients.outbidId) {
    deps.realtime.publishToUser(recipients.outbidId, {
      type: 'outbid',
      auctionId: auction.id,
      newBid: auction.currentBid,
      minimumBid: centsToMoneyString(minimumNextBidCents({ ...auction, startingBid: auction.currentBid })),
    });
  }
  // The writer refreshes the bells of the host and the outbid member once their notices are in.
  await deps.bidNotices.write(response.bid.id);
  return response;
}

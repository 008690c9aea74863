import { centsToMoneyString, minimumNextBidCents } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../plugins/auth.js';
import { placeBid, type BidsDeps } from './bids.service.js';

/**
 * POST /api/bids (docs/product.md §7). The body is checked inside the use case, in docs/product.md §5's order; an
 * accepted bid goes to every page showing the auction as `bid_update` (docs/realtime.md).
 */
export async function bidRoutes(app: FastifyInstance, opts: BidsDeps) {
  app.post('/api/bids', async (request, reply) => {
    const bidderId = requireUserId(request);
    const result = await placeBid(opts, bidderId, request.body);
    // placeBid returns after its transaction committed; a refused bid threw and publishes nothing.
    const { recipients, ...response } = result;
    const { auction } = response;
    app.realtime.publish(`auction:${auction.id}`, {
      type: 'bid_update',
      auctionId: auction.id,
      newBid: auction.currentBid,
      bidCount: auction.bidCount,
      endTime: auction.endTime,
    });
    // The bid's notices were written with it: the host's and the outbid member's bells refresh
    // now, and the outbid member's open pages say so (the 30 s poll stays the fallback).
    app.realtime.publishToUser(recipients.hostId, { type: 'notifications_changed' });
    if (recipients.outbidId) {
      app.realtime.publishToUser(recipients.outbidId, { type: 'notifications_changed' });
      app.realtime.publishToUser(recipients.outbidId, {
        type: 'outbid',
        auctionId: auction.id,
        newBid: auction.currentBid,
        minimumBid: centsToMoneyString(minimumNextBidCents({ ...auction, startingBid: auction.currentBid })),
      });
    }
    return reply.status(201).send(response);
  });
}

import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../plugins/auth.js';
import { placeBid, type BidsDeps } from './bids.service.js';

/**
 * POST /api/bids (SPEC §7). The body is checked inside the use case, in SPEC §5's order; an
 * accepted bid goes to every page showing the auction as `bid_update` (docs/realtime.md).
 */
export async function bidRoutes(app: FastifyInstance, opts: BidsDeps) {
  app.post('/api/bids', async (request, reply) => {
    const bidderId = requireUserId(request);
    const result = await placeBid(opts, bidderId, request.body);
    // placeBid returns after its transaction committed; a refused bid threw and publishes nothing.
    const { auction } = result;
    app.realtime.publish(`auction:${auction.id}`, {
      type: 'bid_update',
      auctionId: auction.id,
      newBid: auction.currentBid,
      bidCount: auction.bidCount,
      endTime: auction.endTime,
    });
    return reply.status(201).send(result);
  });
}

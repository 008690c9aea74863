import type { FastifyInstance } from 'fastify';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { submitBid, type SubmitBidDeps } from './submit-bid.js';

/**
 * POST /api/bids (docs/product.md §7). The body is checked inside the use case, in docs/product.md §5's order
 * (the endpoint says `bodyCheckedByUseCase`); an accepted bid goes to every page showing the auction as
 * `bid_update` (docs/realtime.md).
 */
export async function bidRoutes(app: FastifyInstance, opts: SubmitBidDeps) {
  route(app, 'placeBid', async (request, reply) => {
    const bidderId = signedInUserId(request);
    return reply.status(201).send(await submitBid(opts, bidderId, request.body));
  });
}

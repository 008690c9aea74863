import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../plugins/auth.js';
import { placeBid, type BidsDeps } from './bids.service.js';

/** POST /api/bids (SPEC §7). The body is checked inside the use case, in SPEC §5's order. */
export async function bidRoutes(app: FastifyInstance, opts: BidsDeps) {
  app.post('/api/bids', async (request, reply) => {
    const bidderId = requireUserId(request);
    const result = await placeBid(opts, bidderId, request.body);
    return reply.status(201).send(result);
  });
}

import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../plugins/auth.js';
import type { AuctionsDeps } from '../auctions/auctions.service.js';
import { listWatchlist, unwatchAuction, watchAuction } from './watchlist.service.js';

/** The watchlist (docs/auctions.md): follow an auction, stop, and list what you follow. */
export async function watchlistRoutes(app: FastifyInstance, opts: AuctionsDeps) {
  app.put<{ Params: { id: string } }>('/api/auctions/:id/watch', async (request, reply) => {
    await watchAuction(opts, requireUserId(request), request.params.id);
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/auctions/:id/watch', async (request, reply) => {
    await unwatchAuction(opts, requireUserId(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/watchlist', async (request) => listWatchlist(opts, requireUserId(request)));
}

import type { FastifyInstance } from 'fastify';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { AuctionsDeps } from '../auctions/auctions.service.js';
import { listWatchlist, unwatchAuction, watchAuction } from './watchlist.service.js';

/** The watchlist (docs/auctions.md): follow an auction, stop, and list what you follow. */
export async function watchlistRoutes(app: FastifyInstance, opts: AuctionsDeps) {
  // A malformed id is answered like an unknown one (404) by the use case.
  route(app, 'watchAuction', async (request, reply) => {
    await watchAuction(opts, signedInUserId(request), request.params.id);
    return reply.status(204).send();
  });

  route(app, 'unwatchAuction', async (request, reply) => {
    await unwatchAuction(opts, signedInUserId(request), request.params.id);
    return reply.status(204).send();
  });

  route(app, 'listWatchlist', async (request) => listWatchlist(opts, signedInUserId(request)));
}

import { idParamsSchema, noBodySchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { AuctionsDeps } from '../auctions/auctions.service.js';
import { listWatchlist, unwatchAuction, watchAuction } from './watchlist.service.js';

/** The watchlist (docs/auctions.md): follow an auction, stop, and list what you follow. */
export async function watchlistRoutes(app: FastifyInstance, opts: AuctionsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A malformed id is answered like an unknown one (404) by the use case.
  r.put(
    '/api/auctions/:id/watch',
    { preValidation: requireSignedIn, schema: { params: idParamsSchema, body: noBodySchema } },
    async (request, reply) => {
      await watchAuction(opts, signedInUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.delete(
    '/api/auctions/:id/watch',
    { preValidation: requireSignedIn, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await unwatchAuction(opts, signedInUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/watchlist', { preValidation: requireSignedIn }, async (request) =>
    listWatchlist(opts, signedInUserId(request)),
  );
}

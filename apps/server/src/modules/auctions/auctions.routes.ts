import { HAS_MORE_HEADER, idParamsSchema, listAuctionsQuerySchema, NEXT_CURSOR_HEADER } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { cancelAuction, createAuction, editAuction } from './auction-management.service.js';
import {
  getAuctionDetail,
  getBidHistory,
  listAuctions,
  listMyAuctions,
  listMyBids,
  type AuctionsDeps,
} from './auctions.service.js';

/** The signed-in user's own auctions and bids (profile tabs, docs/product.md §2). */
export async function myListsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/my-auctions', { preValidation: requireSignedIn }, async (request) =>
    listMyAuctions(opts.db, signedInUserId(request)),
  );
  app.get('/api/my-bids', { preValidation: requireSignedIn }, async (request) =>
    listMyBids(opts.db, signedInUserId(request)),
  );
}

/**
 * docs/product.md §7 auction calls. Bodies of create and edit are validated inside the use case, after
 * sign-in and ownership, so the answers come in the order docs/product.md §5 gives.
 */
export async function auctionRoutes(app: FastifyInstance, opts: AuctionsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auctions', { schema: { querystring: listAuctionsQuerySchema } }, async (request, reply) => {
    const page = await listAuctions(opts, request.userId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  });

  // A malformed id is answered like an unknown auction (404) by the use cases.
  const params = idParamsSchema;

  r.get('/api/auctions/:id', { schema: { params } }, async (request) =>
    getAuctionDetail(opts, request.params.id, request.userId),
  );

  r.get('/api/auctions/:id/bids', { schema: { params } }, async (request) =>
    getBidHistory(opts, request.params.id, request.userId),
  );

  r.post('/api/auctions', { preValidation: requireSignedIn }, async (request, reply) => {
    const userId = signedInUserId(request);
    const auction = await createAuction(opts, userId, request.body);
    return reply.status(201).send(auction);
  });

  r.put('/api/auctions/:id', { preValidation: requireSignedIn, schema: { params } }, async (request) => {
    const userId = signedInUserId(request);
    return editAuction(opts, userId, request.params.id, request.body);
  });

  r.delete('/api/auctions/:id', { preValidation: requireSignedIn, schema: { params } }, async (request) => {
    const userId = signedInUserId(request);
    return cancelAuction(opts, userId, request.params.id);
  });
}

import { HAS_MORE_HEADER, NEXT_CURSOR_HEADER } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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
  route(app, 'listMyAuctions', async (request) => listMyAuctions(opts.db, signedInUserId(request)));
  route(app, 'listMyBids', async (request) => listMyBids(opts.db, signedInUserId(request)));
}

/**
 * docs/product.md §7 auction calls. Bodies of create and edit are validated inside the use case, after
 * sign-in and ownership, so the answers come in the order docs/product.md §5 gives (their endpoints
 * say `bodyCheckedByUseCase`). A malformed id is answered like an unknown auction (404) by the use cases.
 */
export async function auctionRoutes(app: FastifyInstance, opts: AuctionsDeps) {
  route(app, 'listAuctions', async (request, reply) => {
    const page = await listAuctions(opts, request.userId, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  });

  route(app, 'getAuction', async (request) => getAuctionDetail(opts, request.params.id, request.userId));

  route(app, 'listAuctionBids', async (request) => getBidHistory(opts, request.params.id, request.userId));

  route(app, 'createAuction', async (request, reply) => {
    const auction = await createAuction(opts, signedInUserId(request), request.body);
    return reply.status(201).send(auction);
  });

  route(app, 'editAuction', async (request) =>
    editAuction(opts, signedInUserId(request), request.params.id, request.body),
  );

  route(app, 'cancelAuction', async (request) => cancelAuction(opts, signedInUserId(request), request.params.id));
}

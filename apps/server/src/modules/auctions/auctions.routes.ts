import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireUserId } from '../../plugins/auth.js';
import { listAuctionsByCreator, listBidsByBidder } from './auctions.repository.js';

/** The signed-in user's own auctions and bids (profile tabs, SPEC §2). */
export async function myListsRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/my-auctions', async (request) => listAuctionsByCreator(opts.db, requireUserId(request)));
  app.get('/api/my-bids', async (request) => listBidsByBidder(opts.db, requireUserId(request)));
}

import { auctionListSchema } from '../../auction-schemas.js';
import { idParamsSchema } from '../../id-schemas.js';
import { noBodySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { watchlistRoutes as routes } from '../routes/watchlist.js';

/** The watchlist (docs/auctions.md). A malformed `:id` is answered like an unknown auction (404). */
export const watchlistEndpoints = {
  watchAuction: defineEndpoint(routes.watchAuction, {
    summary: 'Watch an auction.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 204: null },
    errors: ['not_found', 'forbidden'],
  }),
  unwatchAuction: defineEndpoint(routes.unwatchAuction, {
    summary: 'Stop watching an auction.',
    params: idParamsSchema,
    responses: { 204: null },
    errors: ['not_found'],
  }),
  listWatchlist: defineEndpoint(routes.listWatchlist, {
    summary: 'The auctions the member watches.',
    responses: { 200: auctionListSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

import { defineRoutes } from '../endpoint.js';

/** Bidding (docs/auctions.md): the hot path. */
export const bidsRoutes = defineRoutes({
  placeBid: {
    method: 'POST',
    path: '/api/bids',
    access: 'member',
  },
});

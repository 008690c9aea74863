import { defineRoutes } from '../endpoint.js';

/** The watchlist (docs/auctions.md): follow an auction, stop, and list what you follow. */
export const watchlistRoutes = defineRoutes({
  watchAuction: {
    method: 'PUT',
    path: '/api/auctions/:id/watch',
    access: 'member',
  },
  unwatchAuction: {
    method: 'DELETE',
    path: '/api/auctions/:id/watch',
    access: 'member',
  },
  listWatchlist: {
    method: 'GET',
    path: '/api/watchlist',
    access: 'member',
  },
});

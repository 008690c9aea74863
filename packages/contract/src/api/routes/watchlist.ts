import { defineRoutes } from '../endpoint.js';

/** The watchlist (docs/auctions.md): follow an auction, stop, and list what you follow. */
export const watchlistRoutes = defineRoutes({
  watchAuction: {
    method: 'PUT',
    path: '/api/auctions/:id/watch',
    access: 'member',
    summary: 'Watch an auction.',
  },
  unwatchAuction: {
    method: 'DELETE',
    path: '/api/auctions/:id/watch',
    access: 'member',
    summary: 'Stop watching an auction.',
  },
  listWatchlist: {
    method: 'GET',
    path: '/api/watchlist',
    access: 'member',
    summary: 'The auctions the member watches.',
  },
});

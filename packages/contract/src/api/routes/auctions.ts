import { defineRoutes } from '../endpoint.js';

/** Auctions (docs/product.md §7, docs/auctions.md): browse, the auction page, a host's own listings. */
export const auctionsRoutes = defineRoutes({
  listMyAuctions: {
    method: 'GET',
    path: '/api/my-auctions',
    access: 'member',
  },
  listMyBids: {
    method: 'GET',
    path: '/api/my-bids',
    access: 'member',
  },
  listAuctions: {
    method: 'GET',
    path: '/api/auctions',
    access: 'public',
  },
  getAuction: {
    method: 'GET',
    path: '/api/auctions/:id',
    access: 'public',
  },
  listAuctionBids: {
    method: 'GET',
    path: '/api/auctions/:id/bids',
    access: 'public',
  },
  createAuction: {
    method: 'POST',
    path: '/api/auctions',
    access: 'member',
  },
  editAuction: {
    method: 'PUT',
    path: '/api/auctions/:id',
    access: 'member',
  },
  cancelAuction: {
    method: 'DELETE',
    path: '/api/auctions/:id',
    access: 'member',
  },
  buyNow: {
    method: 'POST',
    path: '/api/auctions/:id/buy-now',
    access: 'member',
  },
});

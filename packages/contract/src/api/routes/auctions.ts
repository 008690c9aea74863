import { defineRoutes } from '../endpoint.js';

/** Auctions (docs/product.md §7, docs/auctions.md): browse, the auction page, a host's own listings. */
export const auctionsRoutes = defineRoutes({
  listMyAuctions: {
    method: 'GET',
    path: '/api/my-auctions',
    access: 'member',
    summary: "The member's own auctions, newest first, with their reserve prices (profile tab).",
  },
  listMyBids: {
    method: 'GET',
    path: '/api/my-bids',
    access: 'member',
    summary: "The member's bids, newest first, each with its auction's state (profile tab).",
  },
  listAuctions: {
    method: 'GET',
    path: '/api/auctions',
    access: 'public',
    summary: 'Open auctions, filtered and sorted; X-Has-More and X-Next-Cursor say where the next page starts.',
  },
  getAuction: {
    method: 'GET',
    path: '/api/auctions/:id',
    access: 'public',
    summary: 'One auction with its host card and latest bids.',
  },
  listAuctionBids: {
    method: 'GET',
    path: '/api/auctions/:id/bids',
    access: 'public',
    summary: "An auction's bid history, newest first.",
  },
  createAuction: {
    method: 'POST',
    path: '/api/auctions',
    access: 'member',
    summary: 'Create an auction of a date with yourself.',
  },
  editAuction: {
    method: 'PUT',
    path: '/api/auctions/:id',
    access: 'member',
    summary: 'Edit your open auction (only the changed fields).',
  },
  cancelAuction: {
    method: 'DELETE',
    path: '/api/auctions/:id',
    access: 'member',
    summary: 'Cancel your open auction for good.',
  },
  buyNow: {
    method: 'POST',
    path: '/api/auctions/:id/buy-now',
    access: 'member',
    summary: 'Win the auction at its Buy Now price and pay at once.',
  },
});

import {
  auctionBidHistorySchema,
  auctionDetailSchema,
  auctionListItemSchema,
  auctionListSchema,
  buyNowResponseSchema,
  createAuctionSchema,
  editAuctionSchema,
  listAuctionsQuerySchema,
  myAuctionListSchema,
  myBidListSchema,
} from '../../auction-schemas.js';
import { idParamsSchema } from '../../id-schemas.js';
import { noBodySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { auctionsRoutes as routes } from '../routes/auctions.js';

// A malformed `:id` is answered like an unknown auction (404) by the use cases.

/** Auctions (docs/product.md §7, docs/auctions.md). */
export const auctionsEndpoints = {
  listMyAuctions: defineEndpoint(routes.listMyAuctions, {
    summary: "The member's own auctions, newest first, with their reserve prices (profile tab).",
    responses: { 200: myAuctionListSchema },
    errors: [],
  }),
  listMyBids: defineEndpoint(routes.listMyBids, {
    summary: "The member's bids, newest first, each with its auction's state (profile tab).",
    responses: { 200: myBidListSchema },
    errors: [],
  }),
  listAuctions: defineEndpoint(routes.listAuctions, {
    summary: 'Open auctions, filtered and sorted; X-Has-More and X-Next-Cursor say where the next page starts.',
    query: listAuctionsQuerySchema,
    responses: { 200: auctionListSchema },
    errors: [],
  }),
  getAuction: defineEndpoint(routes.getAuction, {
    summary: 'One auction with its host card and latest bids.',
    params: idParamsSchema,
    responses: { 200: auctionDetailSchema },
    errors: ['not_found'],
  }),
  listAuctionBids: defineEndpoint(routes.listAuctionBids, {
    summary: "An auction's bid history, newest first.",
    params: idParamsSchema,
    responses: { 200: auctionBidHistorySchema },
    errors: ['not_found'],
  }),
  // The body is checked by the use case after sign-in and the verified-host rule (docs/product.md §5).
  createAuction: defineEndpoint(routes.createAuction, {
    summary: 'Create an auction of a date with yourself.',
    body: createAuctionSchema,
    bodyCheckedByUseCase: true,
    responses: { 201: auctionListItemSchema },
    errors: ['bad_request', 'forbidden'],
  }),
  // The body is checked by the use case after ownership and the auction's state (docs/product.md §5).
  editAuction: defineEndpoint(routes.editAuction, {
    summary: 'Edit your open auction (only the changed fields).',
    params: idParamsSchema,
    body: editAuctionSchema,
    bodyCheckedByUseCase: true,
    responses: { 200: auctionListItemSchema },
    errors: ['bad_request', 'forbidden', 'not_found', 'conflict'],
  }),
  cancelAuction: defineEndpoint(routes.cancelAuction, {
    summary: 'Cancel your open auction for good.',
    params: idParamsSchema,
    responses: { 200: auctionListItemSchema },
    errors: ['forbidden', 'not_found', 'conflict'],
  }),
  buyNow: defineEndpoint(routes.buyNow, {
    summary: 'Win the auction at its Buy Now price and pay at once.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: buyNowResponseSchema },
    errors: ['bad_request', 'forbidden', 'not_found', 'conflict', 'payment_method_required'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

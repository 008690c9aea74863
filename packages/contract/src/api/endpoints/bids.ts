import { placeBidResponseSchema, placeBidSchema } from '../../auction-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { bidsRoutes as routes } from '../routes/bids.js';

/** Bidding (docs/auctions.md). */
export const bidsEndpoints = {
  // The body is checked by the use case: the auction's state is answered before the amount
  // (docs/product.md §5), and the hot path parses it once (docs/performance.md).
  placeBid: defineEndpoint(routes.placeBid, {
    summary: 'Bid on an open auction, optionally with a private maximum for automatic bids.',
    body: placeBidSchema,
    bodyCheckedByUseCase: true,
    responses: { 201: placeBidResponseSchema },
    errors: ['bad_request', 'forbidden', 'not_found', 'conflict', 'payment_method_required'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

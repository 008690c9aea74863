import type { auctionsRoutes as routes } from '../routes/auctions.js';
import type { Endpoint } from '../endpoint.js';

/** The auctions endpoints (docs/architecture.md, "Endpoints"). */
export const auctionsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

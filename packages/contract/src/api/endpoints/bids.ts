import type { bidsRoutes as routes } from '../routes/bids.js';
import type { Endpoint } from '../endpoint.js';

/** The bids endpoints (docs/architecture.md, "Endpoints"). */
export const bidsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

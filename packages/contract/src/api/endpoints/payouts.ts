import type { payoutsRoutes as routes } from '../routes/payouts.js';
import type { Endpoint } from '../endpoint.js';

/** The payouts endpoints (docs/architecture.md, "Endpoints"). */
export const payoutsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

import type { accountRoutes as routes } from '../routes/account.js';
import type { Endpoint } from '../endpoint.js';

/** The account endpoints (docs/architecture.md, "Endpoints"). */
export const accountEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

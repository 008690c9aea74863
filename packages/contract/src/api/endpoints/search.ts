import type { searchRoutes as routes } from '../routes/search.js';
import type { Endpoint } from '../endpoint.js';

/** The search endpoints (docs/architecture.md, "Endpoints"). */
export const searchEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

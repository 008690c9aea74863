import type { watchlistRoutes as routes } from '../routes/watchlist.js';
import type { Endpoint } from '../endpoint.js';

/** The watchlist endpoints (docs/architecture.md, "Endpoints"). */
export const watchlistEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

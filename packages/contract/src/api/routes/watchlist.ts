import { defineRoutes } from '../endpoint.js';

/** The watchlist endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const watchlistRoutes = defineRoutes({});

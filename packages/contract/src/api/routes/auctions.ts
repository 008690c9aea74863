import { defineRoutes } from '../endpoint.js';

/** The auctions endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const auctionsRoutes = defineRoutes({});

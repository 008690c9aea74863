import { defineRoutes } from '../endpoint.js';

/** The bids endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const bidsRoutes = defineRoutes({});

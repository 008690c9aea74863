import { defineRoutes } from '../endpoint.js';

/** The payouts endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const payoutsRoutes = defineRoutes({});

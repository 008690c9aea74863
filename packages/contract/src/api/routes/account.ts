import { defineRoutes } from '../endpoint.js';

/** The account endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const accountRoutes = defineRoutes({});

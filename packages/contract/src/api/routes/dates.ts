import { defineRoutes } from '../endpoint.js';

/** The dates endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const datesRoutes = defineRoutes({});

import { defineRoutes } from '../endpoint.js';

/** The reports endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const reportsRoutes = defineRoutes({});

import { defineRoutes } from '../endpoint.js';

/** The search endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const searchRoutes = defineRoutes({});

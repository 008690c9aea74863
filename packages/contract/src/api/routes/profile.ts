import { defineRoutes } from '../endpoint.js';

/** The profile endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const profileRoutes = defineRoutes({});

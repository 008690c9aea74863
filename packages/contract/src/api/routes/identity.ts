import { defineRoutes } from '../endpoint.js';

/** The identity endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const identityRoutes = defineRoutes({});

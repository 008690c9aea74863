import { defineRoutes } from '../endpoint.js';

/** The uploads endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const uploadsRoutes = defineRoutes({});

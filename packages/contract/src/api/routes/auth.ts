import { defineRoutes } from '../endpoint.js';

/** The auth endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const authRoutes = defineRoutes({});

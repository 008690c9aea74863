import { defineRoutes } from '../endpoint.js';

/** The sandbox-clock endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const sandboxClockRoutes = defineRoutes({});

import { defineRoutes } from '../endpoint.js';

/** The payments endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const paymentsRoutes = defineRoutes({});

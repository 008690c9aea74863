import { defineRoutes } from '../endpoint.js';

/** The notifications endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const notificationsRoutes = defineRoutes({});

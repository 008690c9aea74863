import { defineRoutes } from '../endpoint.js';

/** The messages endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const messagesRoutes = defineRoutes({});

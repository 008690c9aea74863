import { defineRoutes } from '../endpoint.js';

/** The users endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const usersRoutes = defineRoutes({});

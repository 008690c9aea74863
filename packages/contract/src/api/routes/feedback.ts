import { defineRoutes } from '../endpoint.js';

/** The feedback endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const feedbackRoutes = defineRoutes({});

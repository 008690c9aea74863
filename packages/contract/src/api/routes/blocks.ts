import { defineRoutes } from '../endpoint.js';

/** The blocks endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const blocksRoutes = defineRoutes({});

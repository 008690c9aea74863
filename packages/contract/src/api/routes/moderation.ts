import { defineRoutes } from '../endpoint.js';

/** The moderation endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const moderationRoutes = defineRoutes({});

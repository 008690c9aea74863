import type { moderationRoutes as routes } from '../routes/moderation.js';
import type { Endpoint } from '../endpoint.js';

/** The moderation endpoints (docs/architecture.md, "Endpoints"). */
export const moderationEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

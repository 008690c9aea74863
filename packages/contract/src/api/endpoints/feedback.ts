import type { feedbackRoutes as routes } from '../routes/feedback.js';
import type { Endpoint } from '../endpoint.js';

/** The feedback endpoints (docs/architecture.md, "Endpoints"). */
export const feedbackEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

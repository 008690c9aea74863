import type { profileRoutes as routes } from '../routes/profile.js';
import type { Endpoint } from '../endpoint.js';

/** The profile endpoints (docs/architecture.md, "Endpoints"). */
export const profileEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

import type { authRoutes as routes } from '../routes/auth.js';
import type { Endpoint } from '../endpoint.js';

/** The auth endpoints (docs/architecture.md, "Endpoints"). */
export const authEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

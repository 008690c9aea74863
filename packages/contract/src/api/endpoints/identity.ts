import type { identityRoutes as routes } from '../routes/identity.js';
import type { Endpoint } from '../endpoint.js';

/** The identity endpoints (docs/architecture.md, "Endpoints"). */
export const identityEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

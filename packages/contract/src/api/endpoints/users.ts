import type { usersRoutes as routes } from '../routes/users.js';
import type { Endpoint } from '../endpoint.js';

/** The users endpoints (docs/architecture.md, "Endpoints"). */
export const usersEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

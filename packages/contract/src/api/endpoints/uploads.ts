import type { uploadsRoutes as routes } from '../routes/uploads.js';
import type { Endpoint } from '../endpoint.js';

/** The uploads endpoints (docs/architecture.md, "Endpoints"). */
export const uploadsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

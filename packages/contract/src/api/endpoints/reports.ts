import type { reportsRoutes as routes } from '../routes/reports.js';
import type { Endpoint } from '../endpoint.js';

/** The reports endpoints (docs/architecture.md, "Endpoints"). */
export const reportsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

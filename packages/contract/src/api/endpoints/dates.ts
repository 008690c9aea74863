import type { datesRoutes as routes } from '../routes/dates.js';
import type { Endpoint } from '../endpoint.js';

/** The dates endpoints (docs/architecture.md, "Endpoints"). */
export const datesEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

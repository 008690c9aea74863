import type { sandboxClockRoutes as routes } from '../routes/sandbox-clock.js';
import type { Endpoint } from '../endpoint.js';

/** The sandbox-clock endpoints (docs/architecture.md, "Endpoints"). */
export const sandboxClockEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

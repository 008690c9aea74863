import type { paymentsRoutes as routes } from '../routes/payments.js';
import type { Endpoint } from '../endpoint.js';

/** The payments endpoints (docs/architecture.md, "Endpoints"). */
export const paymentsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

import type { notificationsRoutes as routes } from '../routes/notifications.js';
import type { Endpoint } from '../endpoint.js';

/** The notifications endpoints (docs/architecture.md, "Endpoints"). */
export const notificationsEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

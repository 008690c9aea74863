import type { messagesRoutes as routes } from '../routes/messages.js';
import type { Endpoint } from '../endpoint.js';

/** The messages endpoints (docs/architecture.md, "Endpoints"). */
export const messagesEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

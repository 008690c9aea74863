import type { blocksRoutes as routes } from '../routes/blocks.js';
import type { Endpoint } from '../endpoint.js';

/** The blocks endpoints (docs/architecture.md, "Endpoints"). */
export const blocksEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

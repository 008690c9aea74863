import type { onboardingRoutes as routes } from '../routes/onboarding.js';
import type { Endpoint } from '../endpoint.js';

/** The onboarding endpoints (docs/architecture.md, "Endpoints"). */
export const onboardingEndpoints = {} satisfies Record<keyof typeof routes, Endpoint>;

import { defineRoutes } from '../endpoint.js';

/** The onboarding endpoints' route lines (docs/architecture.md, "Endpoints"). */
export const onboardingRoutes = defineRoutes({});

import { advanceSandboxClockSchema, sandboxClockSchema } from '../../sandbox-clock.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { sandboxClockRoutes as routes } from '../routes/sandbox-clock.js';

/** The test clock (docs/payments.md, "The test clock"). */
export const sandboxClockEndpoints = {
  getSandboxClock: defineEndpoint(routes.getSandboxClock, {
    summary: "The app's clock and how far it runs ahead of real time.",
    responses: { 200: sandboxClockSchema },
    errors: [],
  }),
  advanceSandboxClock: defineEndpoint(routes.advanceSandboxClock, {
    summary: "Move the app's clock forward.",
    body: advanceSandboxClockSchema,
    responses: { 200: sandboxClockSchema },
    errors: ['bad_request'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

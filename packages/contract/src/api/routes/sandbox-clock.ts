import { defineRoutes } from '../endpoint.js';

/** The test clock (docs/payments.md, "The test clock"): only while the payment sandbox runs outside production. */
export const sandboxClockRoutes = defineRoutes({
  getSandboxClock: {
    method: 'GET',
    path: '/api/sandbox/clock',
    access: 'member',
  },
  advanceSandboxClock: {
    method: 'POST',
    path: '/api/sandbox/clock',
    access: 'member',
  },
});

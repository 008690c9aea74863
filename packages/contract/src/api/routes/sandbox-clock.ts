import { defineRoutes } from '../endpoint.js';

/** The test clock (docs/payments.md, "The test clock"): only while the payment sandbox runs outside production. */
export const sandboxClockRoutes = defineRoutes({
  getSandboxClock: {
    method: 'GET',
    path: '/api/sandbox/clock',
    access: 'member',
    summary: "The app's clock and how far it runs ahead of real time.",
  },
  advanceSandboxClock: {
    method: 'POST',
    path: '/api/sandbox/clock',
    access: 'member',
    summary: "Move the app's clock forward.",
  },
});

import { defineRoutes } from '../endpoint.js';

/** Reports (docs/trust-and-safety.md). */
export const reportsRoutes = defineRoutes({
  createReport: {
    method: 'POST',
    path: '/api/reports',
    access: 'member',
  },
});

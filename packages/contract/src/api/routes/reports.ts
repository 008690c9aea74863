import { defineRoutes } from '../endpoint.js';

/** Reports (docs/trust-and-safety.md). */
export const reportsRoutes = defineRoutes({
  createReport: {
    method: 'POST',
    path: '/api/reports',
    access: 'member',
    summary: 'Report a member, an auction, a message or a review (201 new, 200 a repeat of an open one).',
  },
});

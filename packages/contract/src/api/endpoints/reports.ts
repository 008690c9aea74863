import { reportReceiptSchema } from '../../moderation-schemas.js';
import { bodyOrEmpty } from '../../request-schemas.js';
import { createReportSchema } from '../../trust.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { reportsRoutes as routes } from '../routes/reports.js';

/** Reports (docs/trust-and-safety.md). */
export const reportsEndpoints = {
  // 404 for a target the reporter cannot see, 400 for reporting yourself, 429 past the hourly limit.
  createReport: defineEndpoint(routes.createReport, {
    summary: 'Report a member, an auction, a message or a review (201 new, 200 a repeat of an open one).',
    body: bodyOrEmpty(createReportSchema),
    responses: { 201: reportReceiptSchema, 200: reportReceiptSchema },
    errors: ['bad_request', 'not_found'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

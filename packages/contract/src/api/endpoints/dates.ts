import {
  checkInSchema,
  dateStateSchema,
  decideRefundSchema,
  proposePlanSchema,
  refundRequestQueueSchema,
  refundRequestSchema,
  sharedDateSchema,
  shareLinkResponseSchema,
} from '../../date-api.js';
import { dateLocationResponseSchema, dateLocationSchema } from '../../date-mode.js';
import { idParamsSchema, shareTokenParamsSchema } from '../../id-schemas.js';
import { noBodySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { datesRoutes as routes } from '../routes/dates.js';

// A malformed auction id is answered like an unknown one (404) by the use case. Only the date's
// two people may change it; a moderator who may read it is refused a change (403).

/** The date itself (docs/the-date.md). */
export const datesEndpoints = {
  getDate: defineEndpoint(routes.getDate, {
    summary: 'The date of an auction: its plan, date mode and money.',
    params: idParamsSchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  getDateCalendar: defineEndpoint(routes.getDateCalendar, {
    summary: 'The agreed plan as a calendar invitation.',
    params: idParamsSchema,
    responses: {
      200: { contentType: 'text/calendar', description: 'The agreed plan as an iCalendar invitation (RFC 5545).' },
    },
    errors: ['not_found', 'conflict'],
  }),
  proposeDatePlan: defineEndpoint(routes.proposeDatePlan, {
    summary: 'Propose a place and time; it replaces the open proposal.',
    params: idParamsSchema,
    body: proposePlanSchema,
    responses: { 200: dateStateSchema },
    errors: ['bad_request', 'not_found', 'conflict'],
  }),
  acceptDatePlan: defineEndpoint(routes.acceptDatePlan, {
    summary: "Accept the other person's proposal.",
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  startDateMode: defineEndpoint(routes.startDateMode, {
    summary: 'Start date mode.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  checkInOnDate: defineEndpoint(routes.checkInOnDate, {
    summary: 'Check in during date mode: arrived, or still safe.',
    params: idParamsSchema,
    body: checkInSchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  endDate: defineEndpoint(routes.endDate, {
    summary: 'End the date.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  shareDateLocation: defineEndpoint(routes.shareDateLocation, {
    summary: 'Share my position with the trusted contact during date mode.',
    params: idParamsSchema,
    body: dateLocationSchema,
    responses: { 200: dateLocationResponseSchema },
    errors: ['not_found', 'conflict'],
  }),
  stopSharingDateLocation: defineEndpoint(routes.stopSharingDateLocation, {
    summary: 'Stop sharing my position.',
    params: idParamsSchema,
    responses: { 200: dateLocationResponseSchema },
    errors: ['not_found'],
  }),
  createDateShareLink: defineEndpoint(routes.createDateShareLink, {
    summary: 'A read-only link to the date for a trusted contact.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: shareLinkResponseSchema },
    errors: ['not_found', 'conflict'],
  }),
  requestDateRefund: defineEndpoint(routes.requestDateRefund, {
    summary: 'The winner asks for a refund before the money is released.',
    params: idParamsSchema,
    body: refundRequestSchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  releaseDatePayment: defineEndpoint(routes.releaseDatePayment, {
    summary: 'The winner releases the money to the host early.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  // 404 once the link has expired, or for a token that never was one.
  getSharedDate: defineEndpoint(routes.getSharedDate, {
    summary: 'What a trusted contact sees of the date through a share link.',
    params: shareTokenParamsSchema,
    responses: { 200: sharedDateSchema },
    errors: ['not_found'],
  }),
  listRefundRequests: defineEndpoint(routes.listRefundRequests, {
    summary: 'The open refund requests, oldest first.',
    responses: { 200: refundRequestQueueSchema },
    errors: [],
  }),
  // The answer is the queue after the decision.
  decideRefundRequest: defineEndpoint(routes.decideRefundRequest, {
    summary: 'Decide a refund request: full, partial or denied.',
    params: idParamsSchema,
    body: decideRefundSchema,
    responses: { 200: refundRequestQueueSchema },
    errors: ['bad_request', 'not_found', 'conflict'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

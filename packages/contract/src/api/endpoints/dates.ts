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
    params: idParamsSchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  getDateCalendar: defineEndpoint(routes.getDateCalendar, {
    params: idParamsSchema,
    responses: {
      200: { contentType: 'text/calendar', description: 'The agreed plan as an iCalendar invitation (RFC 5545).' },
    },
    errors: ['not_found', 'conflict'],
  }),
  proposeDatePlan: defineEndpoint(routes.proposeDatePlan, {
    params: idParamsSchema,
    body: proposePlanSchema,
    responses: { 200: dateStateSchema },
    errors: ['bad_request', 'not_found', 'conflict'],
  }),
  acceptDatePlan: defineEndpoint(routes.acceptDatePlan, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  startDateMode: defineEndpoint(routes.startDateMode, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  checkInOnDate: defineEndpoint(routes.checkInOnDate, {
    params: idParamsSchema,
    body: checkInSchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  endDate: defineEndpoint(routes.endDate, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  shareDateLocation: defineEndpoint(routes.shareDateLocation, {
    params: idParamsSchema,
    body: dateLocationSchema,
    responses: { 200: dateLocationResponseSchema },
    errors: ['not_found', 'conflict'],
  }),
  stopSharingDateLocation: defineEndpoint(routes.stopSharingDateLocation, {
    params: idParamsSchema,
    responses: { 200: dateLocationResponseSchema },
    errors: ['not_found'],
  }),
  createDateShareLink: defineEndpoint(routes.createDateShareLink, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: shareLinkResponseSchema },
    errors: ['not_found', 'conflict'],
  }),
  requestDateRefund: defineEndpoint(routes.requestDateRefund, {
    params: idParamsSchema,
    body: refundRequestSchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  releaseDatePayment: defineEndpoint(routes.releaseDatePayment, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: dateStateSchema },
    errors: ['not_found', 'conflict'],
  }),
  // 404 once the link has expired, or for a token that never was one.
  getSharedDate: defineEndpoint(routes.getSharedDate, {
    params: shareTokenParamsSchema,
    responses: { 200: sharedDateSchema },
    errors: ['not_found'],
  }),
  listRefundRequests: defineEndpoint(routes.listRefundRequests, {
    responses: { 200: refundRequestQueueSchema },
    errors: [],
  }),
  // The answer is the queue after the decision.
  decideRefundRequest: defineEndpoint(routes.decideRefundRequest, {
    params: idParamsSchema,
    body: decideRefundSchema,
    responses: { 200: refundRequestQueueSchema },
    errors: ['bad_request', 'not_found', 'conflict'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

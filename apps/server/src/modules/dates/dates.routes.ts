import {
  checkInSchema,
  dateLocationResponseSchema,
  dateLocationSchema,
  dateStateSchema,
  decideRefundSchema,
  idParamsSchema,
  noBodySchema,
  proposePlanSchema,
  refundRequestQueueSchema,
  refundRequestSchema,
  sharedDateSchema,
  shareTokenParamsSchema,
  shareLinkResponseSchema,
} from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { moderatorOnly } from '../../plugins/moderators.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import {
  acceptPlan,
  checkIn,
  createShareLink,
  endDate,
  getDate,
  getDateCalendar,
  proposePlan,
  readSharedDate,
  releaseEarly,
  requestRefund,
  shareLocation,
  startDateMode,
  stopSharingLocation,
  type DateDeps,
} from './dates.service.js';
import { decideRefundRequest, listOpenRefundRequests } from './refund-requests.service.js';

/**
 * The routes of the date itself (docs/the-date.md). Only the winner and the host may use an
 * auction's date routes; moderators may read them; the share-my-date link reads without a session.
 */
export async function dateRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; paymentProvider: PaymentProvider; publicUrl: string; realtime: RealtimePublisher },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: DateDeps = {
    db: opts.db,
    now: opts.now,
    paymentProvider: opts.paymentProvider,
    publicUrl: opts.publicUrl,
    logger: app.log,
    realtime: opts.realtime,
  };
  // A malformed id is answered like an unknown one (404) by the service, not as a validation error.
  const params = idParamsSchema;
  const answer = { 200: dateStateSchema };

  r.get(
    '/api/auctions/:id/plan',
    { preValidation: requireSignedIn, schema: { params, response: answer } },
    async (request) => getDate(deps, signedInUserId(request), request.params.id),
  );
  r.get(
    '/api/auctions/:id/plan/calendar.ics',
    { preValidation: requireSignedIn, schema: { params } },
    async (request, reply) => {
      const invitation = await getDateCalendar(deps, signedInUserId(request), request.params.id);
      return reply
        .type(`text/calendar; charset=utf-8; method=${invitation.method}`)
        .header('Content-Disposition', `attachment; filename="${invitation.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(invitation.content);
    },
  );
  r.post(
    '/api/auctions/:id/plan',
    { preValidation: requireSignedIn, schema: { params, body: proposePlanSchema, response: answer } },
    async (request) => proposePlan(deps, signedInUserId(request), request.params.id, request.body),
  );
  r.post(
    '/api/auctions/:id/plan/accept',
    { preValidation: requireSignedIn, schema: { params, body: noBodySchema, response: answer } },
    async (request) => acceptPlan(deps, signedInUserId(request), request.params.id),
  );
  r.post(
    '/api/auctions/:id/date-mode/start',
    { preValidation: requireSignedIn, schema: { params, body: noBodySchema, response: answer } },
    async (request) => startDateMode(deps, signedInUserId(request), request.params.id),
  );
  r.post(
    '/api/auctions/:id/date-mode/check-in',
    { preValidation: requireSignedIn, schema: { params, body: checkInSchema, response: answer } },
    async (request) => checkIn(deps, signedInUserId(request), request.params.id, request.body.kind),
  );
  r.post(
    '/api/auctions/:id/date-mode/end',
    { preValidation: requireSignedIn, schema: { params, body: noBodySchema, response: answer } },
    async (request) => endDate(deps, signedInUserId(request), request.params.id),
  );
  r.post(
    '/api/auctions/:id/date-mode/location',
    {
      preValidation: requireSignedIn,
      schema: { params, body: dateLocationSchema, response: { 200: dateLocationResponseSchema } },
    },
    async (request) => shareLocation(deps, signedInUserId(request), request.params.id, request.body),
  );
  r.delete(
    '/api/auctions/:id/date-mode/location',
    { preValidation: requireSignedIn, schema: { params, response: { 200: dateLocationResponseSchema } } },
    async (request) => stopSharingLocation(deps, signedInUserId(request), request.params.id),
  );
  r.post(
    '/api/auctions/:id/share-link',
    {
      preValidation: requireSignedIn,
      schema: { params, body: noBodySchema, response: { 200: shareLinkResponseSchema } },
    },
    async (request) => createShareLink(deps, signedInUserId(request), request.params.id),
  );
  r.post(
    '/api/auctions/:id/refund-request',
    { preValidation: requireSignedIn, schema: { params, body: refundRequestSchema, response: answer } },
    async (request) => requestRefund(deps, signedInUserId(request), request.params.id, request.body.reason),
  );
  r.post(
    '/api/auctions/:id/release',
    { preValidation: requireSignedIn, schema: { params, body: noBodySchema, response: answer } },
    async (request) => releaseEarly(deps, signedInUserId(request), request.params.id),
  );

  r.get(
    '/api/shared-dates/:token',
    { schema: { params: shareTokenParamsSchema, response: { 200: sharedDateSchema } } },
    async (request, reply) => {
      // A trusted contact's page polls; no cache may keep an expired answer alive.
      reply.header('Cache-Control', 'no-store');
      return readSharedDate(deps, request.params.token);
    },
  );

  r.get(
    '/api/moderation/refund-requests',
    { ...moderatorOnly(opts.db), schema: { response: { 200: refundRequestQueueSchema } } },
    async () => listOpenRefundRequests(opts.db),
  );
  r.post(
    '/api/moderation/refund-requests/:id/decide',
    {
      ...moderatorOnly(opts.db),
      schema: { params, body: decideRefundSchema, response: { 200: refundRequestQueueSchema } },
    },
    async (request) => decideRefundRequest(deps, signedInUserId(request), request.params.id, request.body),
  );
}

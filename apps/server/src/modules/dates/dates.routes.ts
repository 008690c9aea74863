import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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
  const deps: DateDeps = {
    db: opts.db,
    now: opts.now,
    paymentProvider: opts.paymentProvider,
    publicUrl: opts.publicUrl,
    logger: app.log,
    realtime: opts.realtime,
  };
  // A malformed id is answered like an unknown one (404) by the service, not as a validation error.
  route(app, 'getDate', async (request) => getDate(deps, signedInUserId(request), request.params.id));
  route(app, 'getDateCalendar', async (request, reply) => {
    const invitation = await getDateCalendar(deps, signedInUserId(request), request.params.id);
    return reply
      .type(`text/calendar; charset=utf-8; method=${invitation.method}`)
      .header('Content-Disposition', `attachment; filename="${invitation.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(invitation.content);
  });
  route(app, 'proposeDatePlan', async (request) =>
    proposePlan(deps, signedInUserId(request), request.params.id, request.body),
  );
  route(app, 'acceptDatePlan', async (request) => acceptPlan(deps, signedInUserId(request), request.params.id));
  route(app, 'startDateMode', async (request) => startDateMode(deps, signedInUserId(request), request.params.id));
  route(app, 'checkInOnDate', async (request) =>
    checkIn(deps, signedInUserId(request), request.params.id, request.body.kind),
  );
  route(app, 'endDate', async (request) => endDate(deps, signedInUserId(request), request.params.id));
  route(app, 'shareDateLocation', async (request) =>
    shareLocation(deps, signedInUserId(request), request.params.id, request.body),
  );
  route(app, 'stopSharingDateLocation', async (request) =>
    stopSharingLocation(deps, signedInUserId(request), request.params.id),
  );
  route(app, 'createDateShareLink', async (request) =>
    createShareLink(deps, signedInUserId(request), request.params.id),
  );
  route(app, 'requestDateRefund', async (request) =>
    requestRefund(deps, signedInUserId(request), request.params.id, request.body.reason),
  );
  route(app, 'releaseDatePayment', async (request) => releaseEarly(deps, signedInUserId(request), request.params.id));

  route(app, 'getSharedDate', async (request, reply) => {
    // A trusted contact's page polls; no cache may keep an expired answer alive.
    reply.header('Cache-Control', 'no-store');
    return readSharedDate(deps, request.params.token);
  });

  route(app, 'listRefundRequests', async () => listOpenRefundRequests(opts.db), { db: opts.db });
  route(
    app,
    'decideRefundRequest',
    async (request) => decideRefundRequest(deps, signedInUserId(request), request.params.id, request.body),
    { db: opts.db },
  );
}

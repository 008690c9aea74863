import {
  decideHeldItemSchema,
  HAS_MORE_HEADER,
  idParamsSchema,
  moderationQueueQuerySchema,
  resolveReportSchema,
  voidBidSchema,
} from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { bodyOrEmpty } from '@bid/contract';
import { signedInUserId } from '../../plugins/auth.js';
import { moderatorOnly as moderatorOnlyOn } from '../../plugins/moderators.js';
import { listModerationQueue, resolveReport, type ModerationDeps } from './moderation.service.js';
import { voidBid } from './void-bid.service.js';
import { decideHeldAuction, decideHeldBioReview, listHeldItems } from './held-items.service.js';

/**
 * The moderation queue (docs/trust-and-safety.md). Moderators only: nobody signed in is a 401,
 * any other member a 404, as if the routes did not exist.
 */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; realtime: ModerationDeps['realtime'] },
) {
  const deps: ModerationDeps = {
    db: opts.db,
    now: opts.now,
    log: app.log,
    endAllSessions: (userId) => app.sessions.endAllForUser(userId),
    realtime: opts.realtime,
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The moderator check comes first (a 404 for any other member), before the query's and the
  // bodies' schemas (preValidation: after JSON parsing, before the schema).
  const moderatorOnly = moderatorOnlyOn(opts.db);
  // A malformed id is answered 404 by the use cases.
  const params = idParamsSchema;

  r.get(
    '/api/moderation/reports',
    { ...moderatorOnly, schema: { querystring: moderationQueueQuerySchema } },
    async (request, reply) => {
      const page = await listModerationQueue(deps, request.query);
      void reply.header(HAS_MORE_HEADER, String(page.hasMore));
      return page.items;
    },
  );

  r.post(
    '/api/moderation/reports/:id/resolve',
    { ...moderatorOnly, schema: { params, body: bodyOrEmpty(resolveReportSchema) } },
    async (request) => resolveReport(deps, signedInUserId(request), request.params.id, request.body),
  );

  // What screening held (docs/trust-and-safety.md "Screening").
  r.get('/api/moderation/held', moderatorOnly, async () => listHeldItems(opts.db));
  r.post(
    '/api/moderation/held/auctions/:id/decide',
    { ...moderatorOnly, schema: { params, body: bodyOrEmpty(decideHeldItemSchema) } },
    async (request) => decideHeldAuction(deps, signedInUserId(request), request.params.id, request.body),
  );
  r.post(
    '/api/moderation/held/bios/:id/decide',
    { ...moderatorOnly, schema: { params, body: bodyOrEmpty(decideHeldItemSchema) } },
    async (request) => decideHeldBioReview(deps, signedInUserId(request), request.params.id, request.body),
  );

  r.post(
    '/api/moderation/bids/:id/void',
    { ...moderatorOnly, schema: { params, body: bodyOrEmpty(voidBidSchema) } },
    async (request) => voidBid(deps, signedInUserId(request), request.params.id, request.body),
  );
}

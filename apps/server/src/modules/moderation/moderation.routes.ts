import { HAS_MORE_HEADER } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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
  // The moderator check comes first (a 404 for any other member), before the query's and the
  // bodies' schemas; a malformed id is answered 404 by the use cases.
  const moderatorsOnly = { db: opts.db };

  route(
    app,
    'listModerationReports',
    async (request, reply) => {
      const page = await listModerationQueue(deps, request.query);
      void reply.header(HAS_MORE_HEADER, String(page.hasMore));
      return page.items;
    },
    moderatorsOnly,
  );

  route(
    app,
    'resolveReport',
    async (request) => resolveReport(deps, signedInUserId(request), request.params.id, request.body),
    moderatorsOnly,
  );

  // What screening held (docs/trust-and-safety.md "Screening").
  route(app, 'listHeldItems', async () => listHeldItems(opts.db), moderatorsOnly);
  route(
    app,
    'decideHeldAuction',
    async (request) => decideHeldAuction(deps, signedInUserId(request), request.params.id, request.body),
    moderatorsOnly,
  );
  route(
    app,
    'decideHeldBio',
    async (request) => decideHeldBioReview(deps, signedInUserId(request), request.params.id, request.body),
    moderatorsOnly,
  );

  route(
    app,
    'voidBid',
    async (request) => voidBid(deps, signedInUserId(request), request.params.id, request.body),
    moderatorsOnly,
  );
}

import { HAS_MORE_HEADER, idParamsSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireModerator } from '../../plugins/moderators.js';
import { listModerationQueue, resolveReport, type ModerationDeps } from './moderation.service.js';
import { voidBid } from './void-bid.service.js';

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

  app.get('/api/moderation/reports', async (request, reply) => {
    await requireModerator(request, opts.db);
    const page = await listModerationQueue(deps, request.query);
    void reply.header(HAS_MORE_HEADER, String(page.hasMore));
    return page.items;
  });

  // The moderator check comes first (a 404 for any other member), so the query and bodies are
  // checked inside the use cases, after it; a malformed id is answered 404 there too.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;

  r.post('/api/moderation/reports/:id/resolve', { schema: { params } }, async (request) => {
    const moderatorId = await requireModerator(request, opts.db);
    return resolveReport(deps, moderatorId, request.params.id, request.body);
  });

  r.post('/api/moderation/bids/:id/void', { schema: { params } }, async (request) => {
    const moderatorId = await requireModerator(request, opts.db);
    return voidBid(deps, moderatorId, request.params.id, request.body);
  });
}

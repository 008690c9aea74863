import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { isBlockedBetween } from '../blocks/blocks.service.js';

/**
 * GET /api/users/{id}/presence → {online}: whether the person has a live socket on any app
 * instance (the chat's 'Online' label, docs/realtime.md). Signed-in members only; it reveals nothing else,
 * and across a block (either direction) the person always shows offline (docs/trust-and-safety.md).
 */
export async function presenceRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, 'getMemberPresence', async (request) => {
    const viewerId = signedInUserId(request);
    if (await isBlockedBetween(opts.db, viewerId, request.params.id)) return { online: false };
    return { online: await app.realtime.isOnline(request.params.id) };
  });
}

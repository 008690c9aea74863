import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireUserId } from '../../plugins/auth.js';
import { getPublicMember } from './public-profile.service.js';

/** A member's public page, for signed-in members only. */
export async function userRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get<{ Params: { id: string } }>('/api/users/:id', async (request) =>
    getPublicMember(opts.db, requireUserId(request), request.params.id),
  );
}

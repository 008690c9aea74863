import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { getPublicMember } from './public-profile.service.js';

/** A member's public page, for signed-in members only. */
export async function userRoutes(app: FastifyInstance, opts: { db: Db; now: () => Date }) {
  // A malformed id is answered like an unknown member (404) by the use case.
  route(app, 'getMember', async (request) =>
    getPublicMember(opts.db, signedInUserId(request), request.params.id, opts.now()),
  );
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { getProfileStats, updateProfile } from './profile.service.js';

export async function profileRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, 'updateProfile', async (request) => updateProfile(opts.db, signedInUserId(request), request.body));
  route(app, 'getProfileStats', async (request) => getProfileStats(opts.db, signedInUserId(request)));
}

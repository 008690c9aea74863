import { profileFormSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { getProfileStats, updateProfile } from './profile.service.js';

export async function profileRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/api/profile', { preValidation: requireSignedIn, schema: { body: profileFormSchema } }, async (request) => {
    const userId = signedInUserId(request);
    return updateProfile(opts.db, userId, request.body);
  });

  r.get('/api/profile/stats', { preValidation: requireSignedIn }, async (request) => {
    const userId = signedInUserId(request);
    return getProfileStats(opts.db, userId);
  });
}

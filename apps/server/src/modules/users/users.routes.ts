import { idParamsSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { getPublicMember } from './public-profile.service.js';

/** A member's public page, for signed-in members only. */
export async function userRoutes(app: FastifyInstance, opts: { db: Db; now: () => Date }) {
  // A malformed id is answered like an unknown member (404) by the use case.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/users/:id', { preValidation: requireSignedIn, schema: { params: idParamsSchema } }, async (request) =>
      getPublicMember(opts.db, signedInUserId(request), request.params.id, opts.now()),
    );
}

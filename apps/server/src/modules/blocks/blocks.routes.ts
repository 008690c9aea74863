import { blockUserSchema, userIdParamsSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { bodyOrEmpty } from '@bid/contract';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { blockMember, listBlocks, unblockMember } from './blocks.service.js';

/** Blocking (docs/trust-and-safety.md); every call needs a signed-in member. */
export async function blockRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/blocks', { preValidation: requireSignedIn }, async (request) =>
    listBlocks(opts.db, signedInUserId(request)),
  );

  // The sign-in check runs before the body's (preValidation: after JSON parsing, before the schema).
  // A body that is not an object at all is answered as a missing `userId`.
  r.post(
    '/api/blocks',
    {
      preValidation: requireSignedIn,
      config: { validationFallbackField: 'userId' },
      schema: { body: bodyOrEmpty(blockUserSchema) },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      return reply.status(201).send(await blockMember(opts.db, userId, request.body.userId));
    },
  );

  // A malformed id is answered like a member who is not blocked (404) by the use case.
  r.delete(
    '/api/blocks/:userId',
    { preValidation: requireSignedIn, schema: { params: userIdParamsSchema } },
    async (request) => {
      const userId = signedInUserId(request);
      return unblockMember(opts.db, userId, request.params.userId);
    },
  );
}

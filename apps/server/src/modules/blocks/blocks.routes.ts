import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { blockMember, listBlocks, unblockMember } from './blocks.service.js';

/** Blocking (docs/trust-and-safety.md); every call needs a signed-in member. */
export async function blockRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, 'listBlocks', async (request) => listBlocks(opts.db, signedInUserId(request)));

  // A body that is not an object at all is answered as a missing `userId`.
  route(
    app,
    'blockMember',
    async (request, reply) => {
      const userId = signedInUserId(request);
      return reply.status(201).send(await blockMember(opts.db, userId, request.body.userId));
    },
    { config: { validationFallbackField: 'userId' } },
  );

  // A malformed id is answered like a member who is not blocked (404) by the use case.
  route(app, 'unblockMember', async (request) => {
    const userId = signedInUserId(request);
    return unblockMember(opts.db, userId, request.params.userId);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireUserId } from '../../plugins/auth.js';
import { blockMember, listBlocks, unblockMember } from './blocks.service.js';

/** Blocking (docs/trust-and-safety.md); every call needs a signed-in member. */
export async function blockRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get('/api/blocks', async (request) => listBlocks(opts.db, requireUserId(request)));

  app.post('/api/blocks', async (request, reply) => {
    const userId = requireUserId(request);
    return reply.status(201).send(await blockMember(opts.db, userId, request.body));
  });

  // A malformed id is answered like a member who is not blocked (404) by the use case.
  const params = z.object({ userId: z.string() });
  app.withTypeProvider<ZodTypeProvider>().delete('/api/blocks/:userId', { schema: { params } }, async (request) => {
    const userId = requireUserId(request);
    return unblockMember(opts.db, userId, request.params.userId);
  });
}

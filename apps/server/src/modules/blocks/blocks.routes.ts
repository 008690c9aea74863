import type { FastifyInstance } from 'fastify';
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

  app.delete<{ Params: { userId: string } }>('/api/blocks/:userId', async (request) => {
    const userId = requireUserId(request);
    return unblockMember(opts.db, userId, request.params.userId);
  });
}

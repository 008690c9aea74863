import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/auth.js';

/**
 * GET /api/users/{id}/presence → {online}: whether the person has a live socket on any app
 * instance (the chat's 'Online' label, SPEC §2). Signed-in members only; it reveals nothing else.
 */
export async function presenceRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/users/:id/presence', { schema: { params: z.object({ id: z.uuid('Not found') }) } }, async (request) => {
      requireUserId(request);
      return { online: await app.realtime.isOnline(request.params.id) };
    });
}

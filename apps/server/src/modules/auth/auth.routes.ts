import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGN_IN_PROVIDERS } from '@bid/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireUserId } from '../../plugins/auth.js';
import { getCurrentUser } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/user', async (request) => {
    const userId = requireUserId(request);
    return getCurrentUser(opts.db, userId);
  });

  r.get('/api/logout', async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return reply.redirect('/');
  });

  // Provider sign-in arrives with the Accounts work; until a provider is configured the
  // browser goes back to the sign-in screen with a message instead of a dead end.
  r.get(
    '/api/login',
    { schema: { querystring: z.object({ provider: z.string().optional() }) } },
    async (request, reply) => {
      const provider = request.query.provider;
      if (!provider) return reply.redirect('/login');
      const known = (SIGN_IN_PROVIDERS as readonly string[]).includes(provider);
      const params = new URLSearchParams({ error: known ? 'provider_unavailable' : 'provider_unknown' });
      return reply.redirect(`/login?${params.toString()}`);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { requireUserId } from '../../plugins/auth.js';
import { getCurrentUser } from './auth.service.js';
import { auditSessionEvent } from './sign-in-audit.js';
import { createProviderSignIn } from './providers/provider-sign-in.routes.js';

export async function authRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/user', async (request) => {
    const userId = requireUserId(request);
    return getCurrentUser(opts.db, userId);
  });

  r.get('/api/logout', async (request, reply) => {
    if (request.userId) {
      await auditSessionEvent(opts.db, request, {
        action: 'logout',
        outcome: 'success',
        userId: request.userId,
        method: 'logout',
      });
    }
    const signedOutUserId = request.userId;
    await app.sessions.signOut(request, reply);
    // GUIDE §5: the user's sockets close at logout, on every instance (they were opened with this identity).
    if (signedOutUserId) app.realtime.closeUserSockets(signedOutUserId);
    return reply.redirect('/');
  });

  // Provider sign-in (docs/sign-in-providers.md): an unknown or unconfigured provider, or one
  // that cannot be reached, sends the browser back to the sign-in screen with a reason.
  const providerSignIn = createProviderSignIn({ db: opts.db, config: opts.config });
  r.get('/api/login', { schema: { querystring: z.object({ provider: z.string().optional() }) } }, (request, reply) =>
    providerSignIn.startSignIn(request, reply, request.query.provider),
  );
  await app.register(providerSignIn.callbackRoutes);
}

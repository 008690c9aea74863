import { idParamsSchema, noBodySchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import {
  countMyUnread,
  listMyNotifications,
  readAllNotifications,
  readNotification,
  type NotificationsDeps,
} from './notifications.service.js';

/** docs/product.md §7 notification calls; every one is the signed-in user's own. */
export async function notificationRoutes(app: FastifyInstance, opts: { db: Db; realtime: RealtimePublisher }) {
  const deps: NotificationsDeps = { db: opts.db, realtime: opts.realtime };

  app.get('/api/notifications', { preValidation: requireSignedIn }, async (request) =>
    listMyNotifications(deps, signedInUserId(request)),
  );

  app.get('/api/notifications/count', { preValidation: requireSignedIn }, async (request) =>
    countMyUnread(deps, signedInUserId(request)),
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/notifications/:id/read',
    { preValidation: requireSignedIn, schema: { params: idParamsSchema, body: noBodySchema } },
    async (request) => readNotification(deps, signedInUserId(request), request.params.id),
  );

  r.post(
    '/api/notifications/mark-all-read',
    { preValidation: requireSignedIn, schema: { body: noBodySchema } },
    async (request) => readAllNotifications(deps, signedInUserId(request)),
  );
}

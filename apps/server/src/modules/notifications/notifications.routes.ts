import { idParamsSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireUserId } from '../../plugins/auth.js';
import {
  countMyUnread,
  listMyNotifications,
  readAllNotifications,
  readNotification,
  type NotificationsDeps,
  type NotifyUser,
} from './notifications.service.js';

/**
 * The part of the realtime plugin this module uses. Read through this narrow shape so the
 * module works whether or not the realtime channel has a per-user publish yet.
 */
interface UserPublisher {
  publishToUser(userId: string, message: { type: 'notifications_changed' }): unknown;
}

function userNotifier(app: FastifyInstance): NotifyUser | undefined {
  if (!app.hasDecorator('realtime')) return undefined;
  const realtime = (app as unknown as { realtime?: Partial<UserPublisher> }).realtime;
  if (typeof realtime?.publishToUser !== 'function') return undefined;
  const publisher = realtime as UserPublisher;
  return (userId) => {
    try {
      void Promise.resolve(publisher.publishToUser(userId, { type: 'notifications_changed' })).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not publish notifications_changed'),
      );
    } catch (error) {
      // A realtime hiccup never fails the request: the bell also polls (docs/product.md §7).
      app.log.warn({ err: error }, 'could not publish notifications_changed');
    }
  };
}

/** docs/product.md §7 notification calls; every one is the signed-in user's own. */
export async function notificationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const deps = (): NotificationsDeps => {
    const notifyUser = userNotifier(app);
    return notifyUser ? { db: opts.db, notifyUser } : { db: opts.db };
  };

  app.get('/api/notifications', async (request) => listMyNotifications(deps(), requireUserId(request)));

  app.get('/api/notifications/count', async (request) => countMyUnread(deps(), requireUserId(request)));

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/notifications/:id/read', { schema: { params: idParamsSchema } }, async (request) => {
      const userId = requireUserId(request);
      return readNotification(deps(), userId, request.params.id);
    });

  app.post('/api/notifications/mark-all-read', async (request) => readAllNotifications(deps(), requireUserId(request)));
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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

  route(app, 'listNotifications', async (request) => listMyNotifications(deps, signedInUserId(request)));

  route(app, 'countUnreadNotifications', async (request) => countMyUnread(deps, signedInUserId(request)));

  route(app, 'markNotificationRead', async (request) =>
    readNotification(deps, signedInUserId(request), request.params.id),
  );

  route(app, 'markAllNotificationsRead', async (request) => readAllNotifications(deps, signedInUserId(request)));
}

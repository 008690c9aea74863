import { isUuid } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { presentNotification, type NotificationView } from './notifications.presenter.js';
import {
  countUnreadForUser,
  listNotificationsForUser,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repository.js';

/** The bell shows the latest notifications only; older ones stay stored. */
export const NOTIFICATION_LIST_LIMIT = 50;

export interface NotificationsDeps {
  db: Db;
  /** Tells the user's other tabs that their notifications changed (`notifications_changed`). */
  realtime: RealtimePublisher;
}

export async function listMyNotifications(deps: NotificationsDeps, userId: string): Promise<NotificationView[]> {
  const rows = await listNotificationsForUser(deps.db, userId, NOTIFICATION_LIST_LIMIT);
  return rows.map(presentNotification);
}

export async function countMyUnread(deps: NotificationsDeps, userId: string): Promise<{ count: number }> {
  return { count: await countUnreadForUser(deps.db, userId) };
}

/** Another user's notification, an unknown one and a malformed id all answer the same 404. */
export async function readNotification(
  deps: NotificationsDeps,
  userId: string,
  id: string,
): Promise<{ success: true }> {
  if (!isUuid(id)) throw notFound('Notification not found');
  const found = await markNotificationRead(deps.db, userId, id);
  if (!found) throw notFound('Notification not found');
  deps.realtime.publishToUser(userId, { type: 'notifications_changed' });
  return { success: true };
}

export async function readAllNotifications(deps: NotificationsDeps, userId: string): Promise<{ updated: number }> {
  const updated = await markAllNotificationsRead(deps.db, userId);
  if (updated > 0) deps.realtime.publishToUser(userId, { type: 'notifications_changed' });
  return { updated };
}

import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, type NewNotification, type Notification } from '../../db/schema/index.js';

/** Inserts several notifications in one statement (pass a transaction to tie them to a change). */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** A user's newest notifications (index notifications_user_created_idx, read backwards). */
export async function listNotificationsForUser(db: Db, userId: string, limit: number): Promise<Notification[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many of a user's notifications are unread (partial index notifications_user_unread_idx). */
export async function countUnreadForUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`NOT ${notifications.isRead}`));
  return Number(row?.n ?? 0);
}

/**
 * Marks one notification read if it belongs to the user. Answers whether such a notification
 * exists (read already or not), so another user's id looks exactly like an unknown one.
 */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), sql`NOT ${notifications.isRead}`))
    .returning({ id: notifications.id });
  return rows.length;
}

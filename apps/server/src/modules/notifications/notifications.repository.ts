import type { Db } from '../../db/client.js';
import { notifications, type NewNotification } from '../../db/schema/index.js';

/** Inserts several notifications in one statement (pass a transaction to tie them to a change). */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

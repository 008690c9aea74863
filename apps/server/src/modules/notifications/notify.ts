import { afterCommit, rootOf } from '../../db/after-commit.js';
import type { Db } from '../../db/client.js';
import type { NewNotification } from '../../db/schema/index.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { insertNotifications } from './notifications.repository.js';

/** Each database → the publisher that refreshes its members' bells (app.ts binds it once). */
const bells = new WeakMap<Db, RealtimePublisher>();

/**
 * Binds the live bell of the members of `db` to `realtime`: from then on every `notify` on that
 * database publishes `notifications_changed`. Wiring, called once in app.ts when the app is built.
 */
export function ringBellsThrough(db: Db, realtime: RealtimePublisher): void {
  bells.set(db, realtime);
}

/**
 * The one way to give members a notice (docs/notifications.md): writes the rows with `executor`
 * (a transaction or the database) and, once that has committed, sends each member named
 * `notifications_changed`, so every open tab refreshes its bell at once rather than at the next
 * 30-second poll. A rolled-back transaction publishes nothing.
 */
export async function notify(executor: Db, notices: readonly NewNotification[]): Promise<void> {
  if (notices.length === 0) return;
  await insertNotifications(executor, [...notices]);
  const userIds = [...new Set(notices.map((notice) => notice.userId))];
  const root = rootOf(executor);
  afterCommit(executor, () => {
    const bell = bells.get(root);
    for (const userId of userIds) bell?.publishToUser(userId, { type: 'notifications_changed' });
  });
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { notifications, type Notification } from '../../src/db/schema/index.js';

/** The notices a member was sent about an auction, oldest first; only those of `type` when given. */
export function notificationsOf(
  db: Db,
  userId: string,
  auctionId: string,
  type?: Notification['type'],
): Promise<Notification[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.relatedAuctionId, auctionId),
        type === undefined ? undefined : eq(notifications.type, type),
      ),
    )
    .orderBy(asc(notifications.createdAt));
}

import type { Notification } from '../../db/schema/index.js';

/** A notification as the bell shows it (docs/product.md §3): never the owner's id. */
export function presentNotification(row: Notification) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    relatedAuctionId: row.relatedAuctionId,
    relatedUserId: row.relatedUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NotificationView = ReturnType<typeof presentNotification>;

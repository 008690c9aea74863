import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants.js';

/** A notification as the bell lists it (GET /api/notifications, docs/product.md §3): never the owner's id. */
export const appNotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  relatedAuctionId: z.string().nullable(),
  relatedUserId: z.string().nullable(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof appNotificationSchema>;

/** POST /api/notifications/mark-all-read: how many were unread. */
export const markAllReadResultSchema = z.object({ updated: z.number() });

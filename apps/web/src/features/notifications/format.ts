import { NOTIFICATION_BADGE_MAX } from '@bid/contract';
import type { AppNotification } from './api/notifications';

/** The bell's badge: nothing at 0, the number up to 9, '9+' above (docs/product.md §9). */
export function formatBadgeCount(count: number): string | null {
  if (!(count > 0)) return null;
  return count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);
}

/** Where a notification leads: a message to /messages, anything about an auction to its page. */
export function notificationTarget(notification: Pick<AppNotification, 'type' | 'relatedAuctionId'>): string | null {
  if (notification.type === 'message_received') return '/messages';
  if (notification.relatedAuctionId) return `/auction/${notification.relatedAuctionId}`;
  return null;
}

import { userChannel } from '@bid/contract';
import { Bell } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useRealtimeChannel } from '@/lib/realtime';
import { useMenuOnDemand } from '@/lib/useLoadOnDemand';
import {
  type AppNotification,
  refreshNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';
import { formatBadgeCount, notificationTarget } from '../format';

const loadNotificationMenu = () => import('./NotificationMenu');

/**
 * The header's bell with the unread badge, opening the notification dropdown of docs/product.md §2
 * (`NotificationMenu`, loaded when the bell is first pressed). Clicking a notification marks it
 * read and opens what it is about.
 */
export function NotificationBell({ userId }: { userId?: string }) {
  const [open, setOpen] = useState(false);
  const { menu, plainButtonProps } = useMenuOnDemand(loadNotificationMenu, () => setOpen(true));
  const queryClient = useQueryClient();
  // Both reads poll every 30 s (docs/product.md §7); the server's nudge on the user's own channel
  // (another tab read them, a message arrived) refreshes them at once.
  useRealtimeChannel(userId ? userChannel(userId) : null, (event) => {
    if (event.type === 'notifications_changed') void refreshNotifications(queryClient);
  });
  const [, navigate] = useLocation();
  const countQuery = useUnreadCount();
  const listQuery = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const list = listQuery.data;
  // The count read is the badge's source; the list can tell before the count arrives.
  const unread = countQuery.data?.count ?? list?.filter((n) => !n.isRead).length ?? 0;
  const badge = formatBadgeCount(unread);
  const hasUnread = unread > 0 || Boolean(list?.some((n) => !n.isRead));

  const openNotification = (notification: AppNotification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const target = notificationTarget(notification);
    if (target) navigate(target);
  };

  const trigger = (props: ComponentProps<typeof Button> = {}) => (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={badge ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="notification-bell"
      {...props}
    >
      <Bell aria-hidden="true" />
      {badge ? (
        <span
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-white"
          data-testid="notification-badge"
        >
          {badge}
        </span>
      ) : null}
    </Button>
  );

  // Until first pressed, a plain button with the same name: the dropdown's code loads on first use.
  if (!menu) return trigger(plainButtonProps);
  return (
    <menu.NotificationMenu
      trigger={trigger()}
      open={open}
      onOpenChange={setOpen}
      notifications={list}
      isLoading={listQuery.isPending}
      hasUnread={hasUnread}
      isMarkingAllRead={markAllRead.isPending}
      onMarkAllRead={() => markAllRead.mutate()}
      onOpen={openNotification}
    />
  );
}

import { formatRelativeTime, NOTIFICATION_LIST_MAX_HEIGHT_PX } from '@bid/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { DropdownPanel } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { AppNotification } from '../api/notifications';
import { NotificationIcon } from './NotificationIcon';

/**
 * The notification dropdown of docs/product.md §2: title, Mark all read (only when unread ones
 * exist), loading and empty states, the list (newest first, relative times) and Close. Loaded
 * when the bell is first pressed (`NotificationBell`); the bell keeps the state and the reads.
 */
export function NotificationMenu({
  trigger,
  open,
  onOpenChange,
  notifications,
  isLoading,
  hasUnread,
  isMarkingAllRead,
  onMarkAllRead,
  onOpen,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notifications: AppNotification[] | undefined;
  isLoading: boolean;
  hasUnread: boolean;
  isMarkingAllRead: boolean;
  onMarkAllRead: () => void;
  onOpen: (notification: AppNotification) => void;
}) {
  return (
    <DropdownPanel
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      className="w-80 max-w-[calc(100vw-1rem)]"
      data-testid="notification-dropdown"
    >
      <div className="flex items-center justify-between border-b border-black/10 px-4 py-3">
        <DropdownMenu.Label className="text-sm font-semibold">Notifications</DropdownMenu.Label>
        {hasUnread ? (
          <DropdownMenu.Item
            className={cn(itemClass, 'rounded px-2 py-1 text-xs font-medium text-primary')}
            onSelect={(event) => {
              event.preventDefault();
              onMarkAllRead();
            }}
            disabled={isMarkingAllRead}
          >
            Mark all read
          </DropdownMenu.Item>
        ) : null}
      </div>
      {/* A group, not a list: a menu's items must sit in the menu or a group of it (ARIA). The
              scrolling box takes focus so a keyboard can scroll it (docs/web-app.md "Accessible"). */}
      <DropdownMenu.Group
        className="overflow-y-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary"
        style={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT_PX }}
        aria-label="Notification list"
        tabIndex={0}
        data-testid="notification-list"
      >
        <NotificationListBody notifications={notifications} isLoading={isLoading} onOpen={onOpen} />
      </DropdownMenu.Group>
      <div className="border-t border-black/10 p-2">
        <DropdownMenu.Item className={cn(itemClass, 'justify-center rounded py-1.5 text-sm')}>Close</DropdownMenu.Item>
      </div>
    </DropdownPanel>
  );
}

const itemClass =
  'flex cursor-pointer select-none outline-none data-[highlighted]:bg-secondary/40 data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

function NotificationListBody({
  notifications,
  isLoading,
  onOpen,
}: {
  notifications: AppNotification[] | undefined;
  isLoading: boolean;
  onOpen: (notification: AppNotification) => void;
}) {
  if (isLoading && !notifications) {
    return <p className="px-4 py-6 text-center text-sm text-neutral-text/70">Loading notifications...</p>;
  }
  if (!notifications || notifications.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-neutral-text/70">No notifications yet</p>;
  }
  const now = Date.now();
  return (
    <>
      {notifications.map((notification) => (
        <DropdownMenu.Item
          key={notification.id}
          className={cn(
            itemClass,
            'items-start gap-3 border-b border-black/5 px-4 py-3',
            !notification.isRead && 'bg-primary/5',
          )}
          data-testid="notification-item"
          data-read={notification.isRead ? 'true' : 'false'}
          onSelect={() => onOpen(notification)}
        >
          <span className="mt-0.5">
            <NotificationIcon type={notification.type} />
          </span>
          <span className="min-w-0 flex-1">
            <span className={cn('block text-sm', !notification.isRead && 'font-semibold')}>{notification.title}</span>
            <span className="block text-xs text-neutral-text/80">{notification.message}</span>
            <span className="mt-1 block text-xs text-neutral-text/80">
              {formatRelativeTime(notification.createdAt, now)}
            </span>
          </span>
          {!notification.isRead ? (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
              <span className="sr-only">Unread</span>
            </span>
          ) : null}
        </DropdownMenu.Item>
      ))}
    </>
  );
}

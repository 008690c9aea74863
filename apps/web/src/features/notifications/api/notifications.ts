import { type NotificationType, POLL_INTERVAL_MS } from '@bid/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** A notification as GET /api/notifications lists it (docs/product.md §3). */
export interface AppNotification {
  id: string;
  /** One of NOTIFICATION_TYPES; any other value gets the default icon (docs/product.md §3). */
  type: NotificationType | (string & {});
  title: string;
  message: string;
  isRead: boolean;
  relatedAuctionId: string | null;
  relatedUserId: string | null;
  createdAt: string;
}

/** Query keys are the paths the default query function reads (docs/product.md §7). */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const NOTIFICATION_COUNT_KEY = ['/api/notifications/count'] as const;

/** GET /api/notifications, polled every 30 s (docs/product.md §7). */
export const notificationsQueryOptions = () =>
  queryOptions<AppNotification[]>({ queryKey: NOTIFICATIONS_KEY, refetchInterval: POLL_INTERVAL_MS });

/** GET /api/notifications/count → {count}, polled every 30 s (docs/product.md §7). */
export const unreadCountQueryOptions = () =>
  queryOptions<{ count: number }>({ queryKey: NOTIFICATION_COUNT_KEY, refetchInterval: POLL_INTERVAL_MS });

export const useNotifications = () => useQuery(notificationsQueryOptions());
export const useUnreadCount = () => useQuery(unreadCountQueryOptions());

/** After a read or mark-all-read both notification reads refresh (docs/product.md §7); also for realtime pushes. */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: NOTIFICATION_COUNT_KEY, exact: true }),
  ]).then(() => undefined);
}

/** POST /api/notifications/{id}/read. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest('POST', `/api/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /api/notifications/mark-all-read. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('POST', '/api/notifications/mark-all-read');
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      // The list shows it read at once; the refresh below confirms it.
      queryClient.setQueryData<AppNotification[]>(NOTIFICATIONS_KEY, (list) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
      );
    },
    onSettled: () => refreshNotifications(queryClient),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => refreshNotifications(queryClient),
  });
}

import { type AppNotification, POLL_INTERVAL_MS } from '@bid/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';

/** A notification as GET /api/notifications lists it (docs/product.md §3): the contract's type. */
export type { AppNotification } from '@bid/contract';

export const NOTIFICATIONS_KEY = apiQueryKey('listNotifications', {});
export const NOTIFICATION_COUNT_KEY = apiQueryKey('countUnreadNotifications', {});

/** GET /api/notifications, polled every 30 s (docs/product.md §7). */
export const notificationsQueryOptions = () =>
  queryOptions({ ...apiQuery('listNotifications', {}), refetchInterval: POLL_INTERVAL_MS });

/** GET /api/notifications/count → {count}, polled every 30 s (docs/product.md §7). */
export const unreadCountQueryOptions = () =>
  queryOptions({ ...apiQuery('countUnreadNotifications', {}), refetchInterval: POLL_INTERVAL_MS });

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
  await api('markNotificationRead', { params: { id } });
}

/** POST /api/notifications/mark-all-read. */
export async function markAllNotificationsRead(): Promise<void> {
  await api('markAllNotificationsRead', {});
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey, type ApiBody } from '@/lib/apiClient';

export const NOTIFICATION_PREFERENCES_KEY = apiQueryKey('getNotificationPreferences', {});

/** GET /api/notification-preferences: one entry per type that can reach the member outside the app. */
export function useNotificationPreferences() {
  return useQuery(apiQuery('getNotificationPreferences', {}));
}

export function updateNotificationPreferences(body: ApiBody<'updateNotificationPreferences'>) {
  return api('updateNotificationPreferences', { body });
}

/** PUT /api/notification-preferences; the answer is the full list, which replaces the cached one. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, answer),
  });
}

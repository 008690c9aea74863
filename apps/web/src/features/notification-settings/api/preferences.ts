import type { NotificationPreferencesResponse, UpdateNotificationPreferencesInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { getQueryFn } from '@/lib/queryClient';

export const NOTIFICATION_PREFERENCES_KEY = ['/api/notification-preferences'] as const;

/** GET /api/notification-preferences: one entry per type that can reach the member outside the app. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: getQueryFn<NotificationPreferencesResponse>({ on401: 'throw' }),
  });
}

export async function updateNotificationPreferences(
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferencesResponse> {
  const res = await apiRequest('PUT', '/api/notification-preferences', input);
  return (await res.json()) as NotificationPreferencesResponse;
}

/** PUT /api/notification-preferences; the answer is the full list, which replaces the cached one. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, answer),
  });
}

import { useQuery } from '@tanstack/react-query';
import { api, apiQuery, type ApiBody } from '@/lib/apiClient';

/** GET /api/push/public-key: the VAPID key to subscribe with, or null when the server has push off. */
export function usePushPublicKey() {
  return useQuery({ ...apiQuery('getPushPublicKey', {}), staleTime: Infinity });
}

/** POST /api/push/subscriptions with the browser's PushSubscription.toJSON(). */
export async function saveDeviceSubscription(subscription: ApiBody<'subscribePushDevice'>): Promise<void> {
  await api('subscribePushDevice', { body: subscription });
}

/** DELETE /api/push/subscriptions: this device stops receiving pushes. */
export async function forgetDeviceSubscription(endpoint: string): Promise<void> {
  await api('unsubscribePushDevice', { body: { endpoint } });
}

import type { PushSubscriptionInput } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { getQueryFn } from '@/lib/queryClient';

/** GET /api/push/public-key: the VAPID key to subscribe with, or null when the server has push off. */
export function usePushPublicKey() {
  return useQuery({
    queryKey: ['/api/push/public-key'] as const,
    queryFn: getQueryFn<{ publicKey: string | null }>({ on401: 'throw' }),
    staleTime: Infinity,
  });
}

/** POST /api/push/subscriptions with the browser's PushSubscription.toJSON(). */
export async function saveDeviceSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await apiRequest('POST', '/api/push/subscriptions', subscription);
}

/** DELETE /api/push/subscriptions: this device stops receiving pushes. */
export async function forgetDeviceSubscription(endpoint: string): Promise<void> {
  await apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
}

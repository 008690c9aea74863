import { POLL_INTERVAL_MS } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, apiUrl, readApiAnswer } from '@/lib/apiClient';

/**
 * Whether the member is online (`getMemberPresence`). `null` when the server cannot say (an
 * error): the chat then shows no presence label at all rather than a made-up one.
 */
export async function fetchPresence(userId: string, signal?: AbortSignal): Promise<boolean | null> {
  try {
    const res = await fetch(apiUrl('getMemberPresence', { params: { id: userId } }), {
      credentials: 'include',
      signal,
    });
    if (!res.ok) return null;
    const body = await readApiAnswer('getMemberPresence', res);
    return body.online;
  } catch {
    return null;
  }
}

export function usePresence(userId: string | undefined) {
  return useQuery({
    queryKey: apiQueryKey('getMemberPresence', { params: { id: userId ?? '' } }),
    queryFn: ({ signal }) => fetchPresence(userId ?? '', signal),
    enabled: Boolean(userId),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

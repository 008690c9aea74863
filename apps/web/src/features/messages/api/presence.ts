import { POLL_INTERVAL_MS } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/users/{id}/presence → {online}. `null` when the server cannot say (no such endpoint,
 * an error): the chat then shows no presence label at all rather than a made-up one.
 */
export async function fetchPresence(userId: string, signal?: AbortSignal): Promise<boolean | null> {
  try {
    const res = await fetch(`/api/users/${encodeURIComponent(userId)}/presence`, { credentials: 'include', signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { online?: unknown; isOnline?: unknown };
    const online = body.online ?? body.isOnline;
    return typeof online === 'boolean' ? online : null;
  } catch {
    return null;
  }
}

export function usePresence(userId: string | undefined) {
  return useQuery({
    queryKey: ['/api/users', userId ?? '', 'presence'],
    queryFn: ({ signal }) => fetchPresence(userId ?? '', signal),
    enabled: Boolean(userId),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

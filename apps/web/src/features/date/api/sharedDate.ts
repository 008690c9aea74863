import type { SharedDate } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

/** The trusted contact's page reads the date again this often (it has no live channel). */
export const SHARED_DATE_POLL_MS = 15_000;

export const sharedDateKey = (token: string) => [`/api/shared-dates/${encodeURIComponent(token)}`] as const;

/** GET /api/shared-dates/{token}: public; 404 once the link has expired. */
export function useSharedDate(token: string) {
  return useQuery<SharedDate>({
    queryKey: sharedDateKey(token),
    // An expired link stays expired: stop asking.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404 ? false : SHARED_DATE_POLL_MS,
  });
}

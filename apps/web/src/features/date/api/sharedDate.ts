import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { apiQuery } from '@/lib/apiClient';

/** The trusted contact's page reads the date again this often (it has no live channel). */
export const SHARED_DATE_POLL_MS = 15_000;

/** Public; 404 once the link has expired. */
export function useSharedDate(token: string) {
  return useQuery({
    ...apiQuery('getSharedDate', { params: { token } }),
    // An expired link stays expired: stop asking.
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404 ? false : SHARED_DATE_POLL_MS,
  });
}

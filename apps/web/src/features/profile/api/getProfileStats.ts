import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/apiClient';

export const PROFILE_STATS_KEY = apiQueryKey('getProfileStats', {});

/** The member's counts for the profile's stat cards. */
export function useProfileStats() {
  return useQuery(apiQuery('getProfileStats', {}));
}

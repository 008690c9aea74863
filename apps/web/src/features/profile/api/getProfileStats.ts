import { useQuery } from '@tanstack/react-query';

export const PROFILE_STATS_KEY = ['/api/profile/stats'] as const;

export interface ProfileStats {
  auctionsCreated: number;
  bidsPlaced: number;
  activeConversations: number;
}

/** GET /api/profile/stats (default query function: the key is the path). */
export function useProfileStats() {
  return useQuery<ProfileStats>({ queryKey: PROFILE_STATS_KEY });
}

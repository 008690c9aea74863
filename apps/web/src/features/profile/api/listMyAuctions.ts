import { useQuery } from '@tanstack/react-query';

export const MY_AUCTIONS_KEY = ['/api/my-auctions'] as const;

/** The fields of an auction the profile list shows (SPEC §3 "auctions"). */
export interface MyAuction {
  id: string | number;
  title: string;
  dateType?: string;
  currentBid?: string | number | null;
  startingBid?: string | number | null;
  endTime?: string | null;
  isActive?: boolean;
  bidCount?: number;
}

/** GET /api/my-auctions: only asked for when signed in (the profile page is signed-in only). */
export function useMyAuctions() {
  return useQuery<MyAuction[]>({ queryKey: MY_AUCTIONS_KEY });
}

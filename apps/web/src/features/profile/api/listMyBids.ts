import { useQuery } from '@tanstack/react-query';

export const MY_BIDS_KEY = ['/api/my-bids'] as const;

/** SPEC §3: my-bids adds a nested auction with title, currentBid and isActive. */
export interface MyBid {
  id: string | number;
  auctionId: string | number;
  amount: string | number;
  createdAt: string;
  auction?: {
    title: string;
    currentBid?: string | number | null;
    isActive?: boolean;
    endTime?: string | null;
  } | null;
}

/** GET /api/my-bids. */
export function useMyBids() {
  return useQuery<MyBid[]>({ queryKey: MY_BIDS_KEY });
}

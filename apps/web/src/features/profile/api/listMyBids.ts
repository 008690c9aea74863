import type { DateType, ViewerStanding } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';

export const MY_BIDS_KEY = ['/api/my-bids'] as const;

/** docs/product.md §3: a bid of mine plus its auction's title, current bid and state (GET /api/my-bids, newest first). */
export interface MyBid {
  id: string;
  auctionId: string;
  amount: string;
  createdAt: string;
  auction: {
    title: string;
    currentBid: string;
    isActive: boolean;
    endTime: string;
    winnerId?: string | null;
    cancelledAt?: string | null;
    /** Where I stand on the auction, computed by the server (docs/web-app.md "Where you stand"). */
    viewerStanding?: ViewerStanding;
    /** The row's picture (docs/uploads.md's rule). */
    dateType: DateType;
    coverImageUrl: string | null;
    creator: { profileImageUrl: string | null };
  };
}

/** GET /api/my-bids. */
export function useMyBids() {
  return useQuery<MyBid[]>({ queryKey: MY_BIDS_KEY });
}

import type { AuctionListItem } from '@bid/contract';
import { useQuery } from '@tanstack/react-query';

export const MY_AUCTIONS_KEY = ['/api/my-auctions'] as const;

/** A row of GET /api/my-auctions: the list fields of an auction, without the creator (it is me). */
export type MyAuction = Omit<AuctionListItem, 'creator' | 'viewerStanding'>;

/** GET /api/my-auctions, newest first: only asked for when signed in (the profile page is signed-in only). */
export function useMyAuctions() {
  return useQuery<MyAuction[]>({ queryKey: MY_AUCTIONS_KEY });
}

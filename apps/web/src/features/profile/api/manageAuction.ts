import type { AuctionListItem, EditAuction } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearAuctionCover, setAuctionCover } from '@/lib/auctionCover';
import { apiRequest } from '@/lib/api';
import { MY_AUCTIONS_KEY } from './listMyAuctions';

/** Every auction read of the app (lists and details) starts with this path. */
const AUCTIONS_KEY = ['/api/auctions'] as const;

/** The server answers both calls with the auction as a list item. */
type AuctionAnswer = AuctionListItem;

/** PUT /api/auctions/{id} with the changed fields only (docs/product.md §5 "Auction edit"). */
export async function editAuction({ id, changes }: { id: string; changes: EditAuction }): Promise<AuctionAnswer> {
  const res = await apiRequest('PUT', `/api/auctions/${encodeURIComponent(id)}`, changes);
  return (await res.json()) as AuctionAnswer;
}

/** DELETE /api/auctions/{id}: cancels the auction for good (docs/product.md §4). */
export async function cancelAuction(id: string): Promise<AuctionAnswer> {
  const res = await apiRequest('DELETE', `/api/auctions/${encodeURIComponent(id)}`);
  return (await res.json()) as AuctionAnswer;
}

/** After an edit or a cancel: my list is read again, and so is every auction list and page. */
async function refreshAfterChange(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_AUCTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY }),
  ]);
}

export function useEditAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAuction,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useCancelAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAuction,
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Sets (or replaces) the cover with a cropped picture, or removes it with null (docs/uploads.md). */
export function useChangeAuctionCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: string; image: Blob | null }) =>
      image ? setAuctionCover(id, image) : clearAuctionCover(id),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

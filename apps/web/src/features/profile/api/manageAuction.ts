import type { EditAuction } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearAuctionCover, setAuctionCover } from '@/lib/auctionCover';
import { api, apiQueryKey } from '@/lib/apiClient';
import { MY_AUCTIONS_KEY } from './listMyAuctions';

/** Every auction read of the app (lists, pages, bids) starts with the lists' key. */
const AUCTIONS_KEY = apiQueryKey('listAuctions', { query: {} });

/** Edits my auction with the changed fields only (docs/product.md §5 "Auction edit"). */
export function editAuction({ id, changes }: { id: string; changes: EditAuction }) {
  return api('editAuction', { params: { id }, body: changes });
}

/** Cancels my auction for good (docs/product.md §4). */
export function cancelAuction(id: string) {
  return api('cancelAuction', { params: { id } });
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

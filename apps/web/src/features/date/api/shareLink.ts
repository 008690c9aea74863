import type { ShareLinkResponse } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/auctions/{id}/share-link: a read-only link for a trusted contact. */
export function useCreateShareLink(auctionId: string) {
  return useMutation({
    mutationFn: async (): Promise<ShareLinkResponse> => {
      const res = await apiRequest('POST', `/api/auctions/${encodeURIComponent(auctionId)}/share-link`);
      return (await res.json()) as ShareLinkResponse;
    },
  });
}

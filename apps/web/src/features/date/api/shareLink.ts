import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

/** A read-only link for a trusted contact. */
export function useCreateShareLink(auctionId: string) {
  return useMutation({ mutationFn: () => api('createDateShareLink', { params: { id: auctionId } }) });
}

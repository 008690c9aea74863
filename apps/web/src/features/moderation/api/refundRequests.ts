import { type DecideRefundInput, POLL_INTERVAL_MS } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';

/** GET /api/moderation/refund-requests: the key its answer is kept under. */
export const REFUND_REQUESTS_KEY = apiQueryKey('listRefundRequests', {});

/** Moderators only: the open requests, oldest first. */
export function useRefundRequestQueue() {
  return useQuery({ ...apiQuery('listRefundRequests', {}), refetchInterval: POLL_INTERVAL_MS });
}

/** The answer is the queue after the decision. */
export const decideRefundRequest = ({ id, decision }: { id: string; decision: DecideRefundInput }) =>
  api('decideRefundRequest', { params: { id }, body: decision });

export function useDecideRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRefundRequest,
    onSuccess: (queue) => queryClient.setQueryData(REFUND_REQUESTS_KEY, queue),
  });
}

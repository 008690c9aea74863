import { type DecideRefundInput, POLL_INTERVAL_MS, type RefundRequestQueueItem } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export interface RefundRequestQueue {
  requests: RefundRequestQueueItem[];
}

export const REFUND_REQUESTS_KEY = ['/api/moderation/refund-requests'] as const;

/** GET /api/moderation/refund-requests (moderators only): the open requests, oldest first. */
export function useRefundRequestQueue() {
  return useQuery<RefundRequestQueue>({ queryKey: REFUND_REQUESTS_KEY, refetchInterval: POLL_INTERVAL_MS });
}

/** POST /api/moderation/refund-requests/{id}/decide: the answer is the queue after the decision. */
export async function decideRefundRequest({
  id,
  decision,
}: {
  id: string;
  decision: DecideRefundInput;
}): Promise<RefundRequestQueue> {
  const res = await apiRequest('POST', `/api/moderation/refund-requests/${encodeURIComponent(id)}/decide`, decision);
  return (await res.json()) as RefundRequestQueue;
}

export function useDecideRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRefundRequest,
    onSuccess: (queue) => queryClient.setQueryData(REFUND_REQUESTS_KEY, queue),
  });
}

import type { VerificationDecisionBody, VerificationReviewItem } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const VERIFICATION_QUEUE_KEY = ['/api/moderation/verifications'] as const;

/** GET /api/moderation/verifications (moderators only). */
export function useVerificationQueue() {
  return useQuery<VerificationReviewItem[]>({ queryKey: VERIFICATION_QUEUE_KEY });
}

/** POST /api/moderation/verifications/{userId}/decide */
export async function decideVerification(input: { userId: string } & VerificationDecisionBody) {
  const { userId, ...body } = input;
  const res = await apiRequest('POST', `/api/moderation/verifications/${encodeURIComponent(userId)}/decide`, body);
  return (await res.json()) as { userId: string; status: 'verified' | 'failed' };
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUEUE_KEY }),
  });
}

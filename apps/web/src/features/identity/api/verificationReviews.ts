import type { VerificationDecisionBody } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';

/** Members whose verification waits for a moderator (moderators only). */
export function useVerificationQueue() {
  return useQuery(apiQuery('listVerificationReviews', {}));
}

/** A moderator's decision on one member's verification. */
export function decideVerification(input: { userId: string } & VerificationDecisionBody) {
  const { userId, ...body } = input;
  return api('decideVerification', { params: { userId }, body });
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('listVerificationReviews', {}) }),
  });
}

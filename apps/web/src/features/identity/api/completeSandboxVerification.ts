import type { SandboxVerificationOutcome } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { identityVerificationKey } from './getVerification';

/** The sandbox's test input picks the partner's answer. */
export const completeSandboxVerification = (outcome: SandboxVerificationOutcome) =>
  api('completeSandboxVerification', { body: { outcome } });

export function useCompleteSandboxVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxVerification,
    onSuccess: async (view) => {
      queryClient.setQueryData(identityVerificationKey(), view);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
  });
}

import type { IdentityVerificationView, SandboxVerificationOutcome } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { apiRequest } from '@/lib/api';
import { IDENTITY_VERIFICATION_KEY } from './getVerification';

/** POST /api/identity/sandbox/complete: the sandbox's test input picks the partner's answer. */
export async function completeSandboxVerification(
  outcome: SandboxVerificationOutcome,
): Promise<IdentityVerificationView> {
  const res = await apiRequest('POST', '/api/identity/sandbox/complete', { outcome });
  return (await res.json()) as IdentityVerificationView;
}

export function useCompleteSandboxVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxVerification,
    onSuccess: async (view) => {
      queryClient.setQueryData(IDENTITY_VERIFICATION_KEY, view);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
  });
}

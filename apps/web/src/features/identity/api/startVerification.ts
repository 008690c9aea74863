import type { IdentityVerificationView } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { IDENTITY_VERIFICATION_KEY } from './getVerification';

/** POST /api/identity/verification: a new session; answers where to go next (partner page or sandbox). */
export async function startVerification(): Promise<IdentityVerificationView & { url: string }> {
  const res = await apiRequest('POST', '/api/identity/verification');
  return (await res.json()) as IdentityVerificationView & { url: string };
}

export function useStartVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVerification,
    onSuccess: (view) => queryClient.setQueryData(IDENTITY_VERIFICATION_KEY, view),
  });
}

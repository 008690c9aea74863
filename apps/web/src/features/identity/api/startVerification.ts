import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { identityVerificationKey } from './getVerification';

/** A new session; answers where to go next (partner page or sandbox). */
export const startVerification = () => api('startVerification', {});

export function useStartVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVerification,
    onSuccess: (view) => queryClient.setQueryData(identityVerificationKey(), view),
  });
}

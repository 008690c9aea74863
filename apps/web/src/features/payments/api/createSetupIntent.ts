import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

/** The secret the provider's form confirms the new payment method with. */
export const createSetupIntent = () => api('createSetupIntent', {});

export function useCreateSetupIntent() {
  return useMutation({ mutationFn: createSetupIntent });
}

import type { SetupIntentResponse } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** POST /api/stripe/setup-intent: the secret the provider's form confirms the new payment method with. */
export async function createSetupIntent(): Promise<SetupIntentResponse> {
  const res = await apiRequest('POST', '/api/stripe/setup-intent');
  return (await res.json()) as SetupIntentResponse;
}

export function useCreateSetupIntent() {
  return useMutation({ mutationFn: createSetupIntent });
}

import type { ConfirmSetupResponse, SandboxConfirmSetupInput } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/payments/sandbox/confirm-setup: the offline sandbox's stand-in for Stripe.js
 * confirming a SetupIntent with card details. A declined card answers 402 with the provider's text.
 */
export async function sandboxConfirmSetup(input: SandboxConfirmSetupInput): Promise<ConfirmSetupResponse> {
  const res = await apiRequest('POST', '/api/payments/sandbox/confirm-setup', input);
  return (await res.json()) as ConfirmSetupResponse;
}

export function useSandboxConfirmSetup() {
  return useMutation({ mutationFn: sandboxConfirmSetup });
}

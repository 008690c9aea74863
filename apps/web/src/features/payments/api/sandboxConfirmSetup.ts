import type { SandboxConfirmSetupInput } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

/**
 * The offline sandbox's stand-in for Stripe.js confirming a SetupIntent with card details. A
 * declined card answers 402 with the provider's text.
 */
export const sandboxConfirmSetup = (input: SandboxConfirmSetupInput) => api('confirmSandboxSetup', { body: input });

export function useSandboxConfirmSetup() {
  return useMutation({ mutationFn: sandboxConfirmSetup });
}

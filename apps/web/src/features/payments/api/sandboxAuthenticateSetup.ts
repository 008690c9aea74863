import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

export type SandboxAuthenticationOutcome = 'complete' | 'fail';

/** The member's answer on the sandbox's 3-D Secure page. */
export async function sandboxAuthenticateSetup(input: {
  clientSecret: string;
  outcome: SandboxAuthenticationOutcome;
}): Promise<void> {
  await api('authenticateSandboxSetup', { body: input });
}

export function useSandboxAuthenticateSetup() {
  return useMutation({ mutationFn: sandboxAuthenticateSetup });
}

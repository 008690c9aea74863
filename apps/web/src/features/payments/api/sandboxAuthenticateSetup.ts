import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type SandboxAuthenticationOutcome = 'complete' | 'fail';

/** POST /api/payments/sandbox/authenticate-setup: the member's answer on the sandbox's 3-D Secure page. */
export async function sandboxAuthenticateSetup(input: {
  clientSecret: string;
  outcome: SandboxAuthenticationOutcome;
}): Promise<void> {
  await apiRequest('POST', '/api/payments/sandbox/authenticate-setup', input);
}

export function useSandboxAuthenticateSetup() {
  return useMutation({ mutationFn: sandboxAuthenticateSetup });
}

import type { PayoutAccount, PayoutOnboarding } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const PAYOUT_ACCOUNT_KEY = ['/api/payouts/account'] as const;

/** GET /api/payouts/account: the host's payout account and where their money stands. */
export function usePayoutAccount() {
  return useQuery<PayoutAccount>({ queryKey: PAYOUT_ACCOUNT_KEY });
}

/** POST /api/payouts/account: where to complete onboarding (Stripe Connect Express, or our sandbox page). */
export async function startPayoutOnboarding(): Promise<PayoutOnboarding> {
  const res = await apiRequest('POST', '/api/payouts/account');
  return (await res.json()) as PayoutOnboarding;
}

export function useStartPayoutOnboarding() {
  return useMutation({ mutationFn: startPayoutOnboarding });
}

export interface SandboxPayoutAccountInput {
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
}

/** POST /api/payouts/sandbox/complete: the offline sandbox's stand-in for finishing Stripe's hosted onboarding. */
export async function completeSandboxPayoutAccount(input: SandboxPayoutAccountInput): Promise<PayoutAccount> {
  const res = await apiRequest('POST', '/api/payouts/sandbox/complete', input);
  return (await res.json()) as PayoutAccount;
}

/** The answer is the account as it now stands, so the profile shows it at once. */
export function useCompleteSandboxPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxPayoutAccount,
    onSuccess: (account) => queryClient.setQueryData(PAYOUT_ACCOUNT_KEY, account),
  });
}

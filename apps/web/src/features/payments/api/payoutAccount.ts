import type { SandboxPayoutOnboardingInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';

/** GET /api/payouts/account: the key its answer is kept under. */
export const PAYOUT_ACCOUNT_KEY = apiQueryKey('getPayoutAccount', {});

/** The host's payout account and where their money stands. */
export function usePayoutAccount() {
  return useQuery(apiQuery('getPayoutAccount', {}));
}

/** Where to complete onboarding (Stripe Connect Express, or our sandbox page). */
export const startPayoutOnboarding = () => api('startPayoutOnboarding', {});

export function useStartPayoutOnboarding() {
  return useMutation({ mutationFn: startPayoutOnboarding });
}

export type SandboxPayoutAccountInput = SandboxPayoutOnboardingInput;

/** The offline sandbox's stand-in for finishing Stripe's hosted onboarding. */
export const completeSandboxPayoutAccount = (input: SandboxPayoutAccountInput) =>
  api('completeSandboxPayoutOnboarding', { body: input });

/** The answer is the account as it now stands, so the profile shows it at once. */
export function useCompleteSandboxPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxPayoutAccount,
    onSuccess: (account) => queryClient.setQueryData(PAYOUT_ACCOUNT_KEY, account),
  });
}

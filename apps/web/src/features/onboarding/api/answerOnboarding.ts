import type { OnboardingPatch, OnboardingState } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { apiRequest } from '@/lib/api';
import { onMutationError } from '@/lib/unauthorized';

/** PATCH /api/onboarding: steps finished or skipped; the current user's copy takes the server's answer. */
export function useAnswerOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: OnboardingPatch) =>
      ((await (await apiRequest('PATCH', '/api/onboarding', patch)).json()) as { onboarding: OnboardingState })
        .onboarding,
    onSuccess: (onboarding) =>
      queryClient.setQueryData<CurrentUser | null>(AUTH_USER_KEY, (user) => (user ? { ...user, onboarding } : user)),
    onError: (error) => onMutationError(error, { title: 'Not saved', description: 'Please try again.' }),
  });
}

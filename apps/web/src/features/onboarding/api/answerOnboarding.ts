import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/apiClient';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { onMutationError } from '@/lib/unauthorized';

/** Steps finished or skipped; the current user's copy takes the server's answer. */
export function useAnswerOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiBody<'answerOnboarding'>) => (await api('answerOnboarding', { body })).onboarding,
    onSuccess: (onboarding) =>
      queryClient.setQueryData<CurrentUser | null>(AUTH_USER_KEY, (user) => (user ? { ...user, onboarding } : user)),
    onError: (error) => onMutationError(error, { title: 'Not saved', description: 'Please try again.' }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/apiClient';
import { AUTH_USER_KEY } from '@/lib/useAuth';
import { PROFILE_STATS_KEY } from './getProfileStats';

/** Saves the profile form; answers with the updated current user. */
export function updateProfile(body: ApiBody<'updateProfile'>) {
  return api('updateProfile', { body });
}

/** docs/product.md §7: a saved profile refetches the current user and the profile's own reads. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(AUTH_USER_KEY, user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: PROFILE_STATS_KEY }),
      ]);
    },
  });
}

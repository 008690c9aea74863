import type { ProfileForm } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { apiRequest } from '@/lib/api';
import { PROFILE_STATS_KEY } from './getProfileStats';

/** PUT /api/profile: answers with the updated current user. */
export async function updateProfile(profile: ProfileForm): Promise<CurrentUser> {
  const res = await apiRequest('PUT', '/api/profile', profile);
  return (await res.json()) as CurrentUser;
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

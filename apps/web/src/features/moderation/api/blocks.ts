import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '@/lib/apiClient';

export function useBlockedMembers() {
  return useQuery(apiQuery('listBlocks', {}));
}

export function blockMember(userId: string) {
  return api('blockMember', { body: { userId } });
}

export async function unblockMember(userId: string): Promise<void> {
  await api('unblockMember', { params: { userId } });
}

/**
 * A block changes what every list shows (feeds, search, conversations, member pages): all are
 * read again. Not awaited: the refetch may unmount the caller (the chat leaves the list), and the
 * caller's own onSuccess (its toast) must still run.
 */
function useRefreshEverything() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries();
  };
}

export function useBlockMember() {
  const refresh = useRefreshEverything();
  return useMutation({ mutationFn: blockMember, onSuccess: refresh });
}

export function useUnblockMember() {
  const refresh = useRefreshEverything();
  return useMutation({ mutationFn: unblockMember, onSuccess: refresh });
}

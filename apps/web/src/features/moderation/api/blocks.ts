import type { BlockedMember } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { getQueryFn } from '@/lib/queryClient';

export const BLOCKS_KEY = ['/api/blocks'] as const;

export function useBlockedMembers() {
  return useQuery({ queryKey: BLOCKS_KEY, queryFn: getQueryFn<BlockedMember[]>({ on401: 'throw' }) });
}

export async function blockMember(userId: string): Promise<BlockedMember> {
  const res = await apiRequest('POST', '/api/blocks', { userId });
  return (await res.json()) as BlockedMember;
}

export async function unblockMember(userId: string): Promise<void> {
  await apiRequest('DELETE', `/api/blocks/${encodeURIComponent(userId)}`);
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

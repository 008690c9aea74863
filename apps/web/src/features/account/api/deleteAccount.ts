import { ACCOUNT_DELETE_CONFIRMATION } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** DELETE /api/account: deletes the signed-in member's account and signs them out everywhere. */
export async function deleteAccount(): Promise<{ message: string }> {
  const res = await apiRequest('DELETE', '/api/account', { confirm: ACCOUNT_DELETE_CONFIRMATION });
  return (await res.json()) as { message: string };
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

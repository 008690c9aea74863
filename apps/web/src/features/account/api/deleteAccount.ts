import { ACCOUNT_DELETE_CONFIRMATION } from '@bid/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';

/** Deletes the signed-in member's account and signs them out everywhere. */
export function deleteAccount() {
  return api('deleteAccount', { body: { confirm: ACCOUNT_DELETE_CONFIRMATION } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

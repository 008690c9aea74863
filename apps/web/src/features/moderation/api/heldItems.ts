import { type HeldItem, POLL_INTERVAL_MS } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';

export const HELD_ITEMS_KEY = apiQueryKey('listHeldItems', {});

/** GET /api/moderation/held (moderators only): listings and bios the screening held, oldest first. */
export function useHeldItems() {
  return useQuery({ ...apiQuery('listHeldItems', {}), refetchInterval: POLL_INTERVAL_MS });
}

export interface DecideHeldItemVariables {
  kind: HeldItem['kind'];
  id: string;
  decision: 'approve' | 'reject';
  reasons: string;
}

/** POST /api/moderation/held/{auctions|bios|photos}/{id}/decide. */
export async function decideHeldItem({ kind, id, decision, reasons }: DecideHeldItemVariables) {
  const body = { decision, reasons };
  if (kind === 'auction') return api('decideHeldAuction', { params: { id }, body });
  if (kind === 'bio') return api('decideHeldBio', { params: { id }, body });
  const res = await apiRequest('POST', `/api/moderation/held/photos/${encodeURIComponent(id)}/decide`, body);
  return (await res.json()) as { id: string; status: 'approved' | 'rejected' };
}

export function useDecideHeldItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELD_ITEMS_KEY }),
  });
}

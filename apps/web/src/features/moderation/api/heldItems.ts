import { type HeldItem, POLL_INTERVAL_MS } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { api } from '@/lib/apiClient';

export const HELD_ITEMS_KEY = ['/api/moderation/held'] as const;

/** GET /api/moderation/held (moderators only): listings and bios the screening held, oldest first. */
export function useHeldItems() {
  return useQuery<HeldItem[]>({ queryKey: HELD_ITEMS_KEY, refetchInterval: POLL_INTERVAL_MS });
}

export interface DecideHeldItemVariables {
  kind: HeldItem['kind'];
  id: string;
  decision: 'approve' | 'reject';
  reasons: string;
}

/** POST /api/moderation/held/{auctions|bios}/{id}/decide, and the held photos' own endpoint. */
export async function decideHeldItem({ kind, id, decision, reasons }: DecideHeldItemVariables) {
  if (kind === 'photo') return api('decideHeldPhoto', { params: { id }, body: { decision, reasons } });
  const path = kind === 'auction' ? 'auctions' : 'bios';
  const res = await apiRequest('POST', `/api/moderation/held/${path}/${encodeURIComponent(id)}/decide`, {
    decision,
    reasons,
  });
  return (await res.json()) as { id: string; status: 'approved' | 'rejected' };
}

export function useDecideHeldItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELD_ITEMS_KEY }),
  });
}

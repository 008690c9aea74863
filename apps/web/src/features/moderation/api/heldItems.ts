import { type HeldItem, POLL_INTERVAL_MS } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A moderator's decision on a held listing, bio or photo (docs/trust-and-safety.md "Screening"). */
export async function decideHeldItem({ kind, id, decision, reasons }: DecideHeldItemVariables) {
  const body = { decision, reasons };
  if (kind === 'auction') return api('decideHeldAuction', { params: { id }, body });
  if (kind === 'bio') return api('decideHeldBio', { params: { id }, body });
  return api('decideHeldPhoto', { params: { id }, body });
}

export function useDecideHeldItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HELD_ITEMS_KEY }),
  });
}

import { type CheckInKind, type DateState, POLL_INTERVAL_MS, type ProposePlanInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { isUnauthorizedError } from '@/lib/queryClient';
import { handleUnauthorized } from '@/lib/unauthorized';

const auctionPath = (auctionId: string) => `/api/auctions/${encodeURIComponent(auctionId)}`;

/** GET /api/auctions/{id}/plan: one key per date, so every route's answer can replace it. */
export const dateKey = (auctionId: string) => [`${auctionPath(auctionId)}/plan`] as const;

interface UseDateStateOptions {
  enabled?: boolean;
  /** Date Mode reads again on focus and every 30 s, in case a live event was missed. */
  live?: boolean;
}

/** The date as its winner, host (or a moderator) sees it. */
export function useDateState(auctionId: string, { enabled = true, live = false }: UseDateStateOptions = {}) {
  return useQuery<DateState>({
    queryKey: dateKey(auctionId),
    enabled: enabled && auctionId.length > 0,
    refetchOnWindowFocus: live ? 'always' : false,
    refetchInterval: live ? POLL_INTERVAL_MS : false,
  });
}

async function postForDate(auctionId: string, path: string, body?: unknown): Promise<DateState> {
  const res = await apiRequest('POST', `${auctionPath(auctionId)}${path}`, body);
  return (await res.json()) as DateState;
}

/** Every date route answers with the whole DateState: it replaces the cached one. */
function useDateMutation<TVariables>(auctionId: string, call: (variables: TVariables) => Promise<DateState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => queryClient.setQueryData(dateKey(auctionId), state),
    // docs/product.md §8: a date action that finds the session gone signs the member in again; any other
    // failure is shown inline by the component (`errorText`).
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
    },
  });
}

/** POST /plan {place, startsAt}: a new proposal replaces the open one. */
export const useProposePlan = (auctionId: string) =>
  useDateMutation(auctionId, (input: ProposePlanInput) => postForDate(auctionId, '/plan', input));

export const useAcceptPlan = (auctionId: string) =>
  useDateMutation(auctionId, () => postForDate(auctionId, '/plan/accept'));

export const useStartDateMode = (auctionId: string) =>
  useDateMutation(auctionId, () => postForDate(auctionId, '/date-mode/start'));

export const useCheckIn = (auctionId: string) =>
  useDateMutation(auctionId, (kind: CheckInKind) => postForDate(auctionId, '/date-mode/check-in', { kind }));

export const useEndDate = (auctionId: string) =>
  useDateMutation(auctionId, () => postForDate(auctionId, '/date-mode/end'));

export const useRequestRefund = (auctionId: string) =>
  useDateMutation(auctionId, (reason: string) => postForDate(auctionId, '/refund-request', { reason }));

export const useReleasePayment = (auctionId: string) =>
  useDateMutation(auctionId, () => postForDate(auctionId, '/release'));

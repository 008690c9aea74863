import { type CheckInKind, type DateState, POLL_INTERVAL_MS, type ProposePlanInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';
import { isUnauthorizedError } from '@/lib/queryClient';
import { handleUnauthorized } from '@/lib/unauthorized';

/** GET /api/auctions/{id}/plan: one key per date, so every route's answer can replace it. */
export const dateKey = (auctionId: string) => apiQueryKey('getDate', { params: { id: auctionId } });

interface UseDateStateOptions {
  enabled?: boolean;
  /** Date Mode reads again on focus and every 30 s, in case a live event was missed. */
  live?: boolean;
}

/** The date as its winner, host (or a moderator) sees it. */
export function useDateState(auctionId: string, { enabled = true, live = false }: UseDateStateOptions = {}) {
  return useQuery({
    ...apiQuery('getDate', { params: { id: auctionId } }),
    enabled: enabled && auctionId.length > 0,
    refetchOnWindowFocus: live ? 'always' : false,
    refetchInterval: live ? POLL_INTERVAL_MS : false,
  });
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

const onDate = (auctionId: string) => ({ params: { id: auctionId } });

/** A new proposal {place, startsAt} replaces the open one. */
export const useProposePlan = (auctionId: string) =>
  useDateMutation(auctionId, (input: ProposePlanInput) =>
    api('proposeDatePlan', { ...onDate(auctionId), body: input }),
  );

export const useAcceptPlan = (auctionId: string) =>
  useDateMutation(auctionId, () => api('acceptDatePlan', onDate(auctionId)));

export const useStartDateMode = (auctionId: string) =>
  useDateMutation(auctionId, () => api('startDateMode', onDate(auctionId)));

export const useCheckIn = (auctionId: string) =>
  useDateMutation(auctionId, (kind: CheckInKind) => api('checkInOnDate', { ...onDate(auctionId), body: { kind } }));

export const useEndDate = (auctionId: string) => useDateMutation(auctionId, () => api('endDate', onDate(auctionId)));

export const useRequestRefund = (auctionId: string) =>
  useDateMutation(auctionId, (reason: string) => api('requestDateRefund', { ...onDate(auctionId), body: { reason } }));

export const useReleasePayment = (auctionId: string) =>
  useDateMutation(auctionId, () => api('releaseDatePayment', onDate(auctionId)));

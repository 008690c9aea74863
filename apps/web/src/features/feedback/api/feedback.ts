import type { FeedbackState, SubmitFeedbackInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';
import { isUnauthorizedError } from '@/lib/queryClient';
import { handleUnauthorized } from '@/lib/unauthorized';

/** GET /api/auctions/{id}/feedback (docs/the-date.md "Feedback after the date"). */
export const feedbackKey = (auctionId: string) => apiQueryKey('getFeedback', { params: { id: auctionId } });

export function useFeedback(auctionId: string, enabled = true) {
  return useQuery({ ...apiQuery('getFeedback', { params: { id: auctionId } }), enabled });
}

function useFeedbackMutation<TVariables>(auctionId: string, call: (body: TVariables) => Promise<FeedbackState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => queryClient.setQueryData(feedbackKey(auctionId), state),
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
    },
  });
}

/** Once, never edited. */
export const useSubmitFeedback = (auctionId: string) =>
  useFeedbackMutation(auctionId, (body: SubmitFeedbackInput) =>
    api('submitFeedback', { params: { id: auctionId }, body }),
  );

/** The one public answer to their review. */
export const useRespondToReview = (auctionId: string) =>
  useFeedbackMutation(auctionId, (body: { text: string }) =>
    api('respondToReview', { params: { id: auctionId }, body }),
  );

/** Shown reviews, newest first. */
export function useReviews(userId: string, page: number) {
  return useQuery(apiQuery('listUserReviews', { params: { id: userId }, query: { page } }));
}

import type { FeedbackState, ReviewsPage, SubmitFeedbackInput } from '@bid/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { getQueryFn, isUnauthorizedError } from '@/lib/queryClient';
import { handleUnauthorized } from '@/lib/unauthorized';

/** GET /api/auctions/{id}/feedback (docs/the-date.md "Feedback after the date"). */
export const feedbackKey = (auctionId: string) => [`/api/auctions/${encodeURIComponent(auctionId)}/feedback`] as const;

export function useFeedback(auctionId: string, enabled = true) {
  return useQuery<FeedbackState | null>({
    queryKey: feedbackKey(auctionId),
    queryFn: getQueryFn<FeedbackState>({ on401: 'throw' }),
    enabled,
  });
}

function useFeedbackMutation<TVariables>(auctionId: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TVariables) => {
      const res = await apiRequest('POST', `${feedbackKey(auctionId)[0]}${path}`, body);
      return (await res.json()) as FeedbackState;
    },
    onSuccess: (state) => queryClient.setQueryData(feedbackKey(auctionId), state),
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
    },
  });
}

/** POST /api/auctions/{id}/feedback: once, never edited. */
export const useSubmitFeedback = (auctionId: string) => useFeedbackMutation<SubmitFeedbackInput>(auctionId, '');

/** POST /api/auctions/{id}/feedback/response: the one public answer to their review. */
export const useRespondToReview = (auctionId: string) => useFeedbackMutation<{ text: string }>(auctionId, '/response');

/** GET /api/users/{id}/reviews?page: shown reviews, newest first. */
export function useReviews(userId: string, page: number) {
  return useQuery<ReviewsPage | null>({
    queryKey: [`/api/users/${encodeURIComponent(userId)}/reviews?page=${page}`],
    queryFn: getQueryFn<ReviewsPage>({ on401: 'throw' }),
  });
}

import { defineRoutes } from '../endpoint.js';

/** Feedback after a date and the reviews it shows (docs/the-date.md "Feedback after the date"). */
export const feedbackRoutes = defineRoutes({
  getFeedback: {
    method: 'GET',
    path: '/api/auctions/:id/feedback',
    access: 'member',
    summary: 'The feedback of a date, as one of its two people sees it.',
  },
  submitFeedback: {
    method: 'POST',
    path: '/api/auctions/:id/feedback',
    access: 'member',
    summary: 'Leave feedback after a date, once.',
  },
  respondToReview: {
    method: 'POST',
    path: '/api/auctions/:id/feedback/response',
    access: 'member',
    summary: 'The one public response to the review of me.',
  },
  listUserReviews: {
    method: 'GET',
    path: '/api/users/:id/reviews',
    access: 'member',
    summary: "A member's shown reviews, newest first.",
  },
});

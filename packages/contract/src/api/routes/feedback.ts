import { defineRoutes } from '../endpoint.js';

/** Feedback after a date and the reviews it shows (docs/the-date.md "Feedback after the date"). */
export const feedbackRoutes = defineRoutes({
  getFeedback: {
    method: 'GET',
    path: '/api/auctions/:id/feedback',
    access: 'member',
  },
  submitFeedback: {
    method: 'POST',
    path: '/api/auctions/:id/feedback',
    access: 'member',
  },
  respondToReview: {
    method: 'POST',
    path: '/api/auctions/:id/feedback/response',
    access: 'member',
  },
  listUserReviews: {
    method: 'GET',
    path: '/api/users/:id/reviews',
    access: 'member',
  },
});

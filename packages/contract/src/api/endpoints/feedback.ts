import {
  feedbackResponseSchema,
  feedbackStateSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
  submitFeedbackSchema,
} from '../../feedback-schemas.js';
import { idParamsSchema } from '../../id-schemas.js';
import { bodyOrEmpty } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { feedbackRoutes as routes } from '../routes/feedback.js';

/**
 * Feedback after a date and the reviews it shows (docs/the-date.md "Feedback after the date").
 * A malformed id is answered like an unknown one (404) by the use case.
 */
export const feedbackEndpoints = {
  getFeedback: defineEndpoint(routes.getFeedback, {
    summary: 'The feedback of a date, as one of its two people sees it.',
    params: idParamsSchema,
    responses: { 200: feedbackStateSchema },
    errors: ['not_found'],
  }),
  submitFeedback: defineEndpoint(routes.submitFeedback, {
    summary: 'Leave feedback after a date, once.',
    params: idParamsSchema,
    body: bodyOrEmpty(submitFeedbackSchema),
    responses: { 200: feedbackStateSchema },
    errors: ['bad_request', 'not_found', 'conflict'],
  }),
  respondToReview: defineEndpoint(routes.respondToReview, {
    summary: 'The one public response to the review of me.',
    params: idParamsSchema,
    body: bodyOrEmpty(feedbackResponseSchema),
    responses: { 200: feedbackStateSchema },
    errors: ['bad_request', 'not_found', 'conflict'],
  }),
  listUserReviews: defineEndpoint(routes.listUserReviews, {
    summary: "A member's shown reviews, newest first.",
    params: idParamsSchema,
    query: reviewsQuerySchema,
    responses: { 200: reviewsPageSchema },
    errors: ['not_found'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

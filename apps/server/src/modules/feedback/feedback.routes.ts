import { feedbackResponseSchema, idParamsSchema, reviewsQuerySchema, submitFeedbackSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { bodyOrEmpty } from '@bid/contract';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { getFeedback, listReviews, respondToReview, submitFeedback, type FeedbackDeps } from './feedback.service.js';

/**
 * Feedback after a date and the reviews it shows (docs/the-date.md "Feedback after the date").
 * Signed-in members only: no session is a 401 before the body is looked at.
 */
export async function feedbackRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; realtime: Pick<RealtimePublisher, 'publishToUser'> },
) {
  const deps: FeedbackDeps = { db: opts.db, now: opts.now, realtime: opts.realtime };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: requireSignedIn };
  // A malformed id is answered like an unknown one (404) by the service.
  const params = idParamsSchema;

  r.get('/api/auctions/:id/feedback', { ...signedIn, schema: { params } }, async (request) =>
    getFeedback(deps, signedInUserId(request), request.params.id),
  );
  r.post(
    '/api/auctions/:id/feedback',
    { ...signedIn, schema: { params, body: bodyOrEmpty(submitFeedbackSchema) } },
    async (request) => submitFeedback(deps, signedInUserId(request), request.params.id, request.body),
  );
  r.post(
    '/api/auctions/:id/feedback/response',
    { ...signedIn, schema: { params, body: bodyOrEmpty(feedbackResponseSchema) } },
    async (request) => respondToReview(deps, signedInUserId(request), request.params.id, request.body.text),
  );
  r.get(
    '/api/users/:id/reviews',
    { ...signedIn, schema: { params, querystring: reviewsQuerySchema } },
    async (request) => listReviews(deps, signedInUserId(request), request.params.id, request.query.page),
  );
}

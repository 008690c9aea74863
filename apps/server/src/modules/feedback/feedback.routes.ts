import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { getFeedback, listReviews, respondToReview, submitFeedback, type FeedbackDeps } from './feedback.service.js';

/**
 * Feedback after a date and the reviews it shows (docs/the-date.md "Feedback after the date").
 * Signed-in members only: no session is a 401 before the body is looked at. A malformed id is
 * answered like an unknown one (404) by the service.
 */
export async function feedbackRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; realtime: Pick<RealtimePublisher, 'publishToUser'> },
) {
  const deps: FeedbackDeps = { db: opts.db, now: opts.now, realtime: opts.realtime };

  route(app, 'getFeedback', async (request) => getFeedback(deps, signedInUserId(request), request.params.id));
  route(app, 'submitFeedback', async (request) =>
    submitFeedback(deps, signedInUserId(request), request.params.id, request.body),
  );
  route(app, 'respondToReview', async (request) =>
    respondToReview(deps, signedInUserId(request), request.params.id, request.body.text),
  );
  route(app, 'listUserReviews', async (request) =>
    listReviews(deps, signedInUserId(request), request.params.id, request.query.page),
  );
}

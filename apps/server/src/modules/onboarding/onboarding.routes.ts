import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { answerOnboarding } from './onboarding.service.js';

/** Onboarding after sign-up (docs/accounts.md "Onboarding"); its state is read with the current user. */
export async function onboardingRoutes(app: FastifyInstance, opts: { db: Db }) {
  route(app, 'answerOnboarding', async (request) => ({
    onboarding: await answerOnboarding(opts.db, signedInUserId(request), request.body),
  }));
}

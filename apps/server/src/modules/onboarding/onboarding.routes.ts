import { onboardingPatchSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { answerOnboarding } from './onboarding.service.js';

/** Onboarding after sign-up (docs/accounts.md "Onboarding"); its state is read with the current user. */
export async function onboardingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/onboarding',
    { preValidation: requireSignedIn, schema: { body: onboardingPatchSchema } },
    async (request) => {
      const userId = signedInUserId(request);
      return { onboarding: await answerOnboarding(opts.db, userId, request.body) };
    },
  );
}

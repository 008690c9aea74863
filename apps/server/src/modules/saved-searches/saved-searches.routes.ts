import { createSavedSearchSchema, idParamsSchema, savedSearchListSchema, savedSearchSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bodyOrEmpty } from '../../lib/validation.js';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import {
  createSavedSearch,
  deleteMySavedSearch,
  listMySavedSearches,
  type SavedSearchesDeps,
} from './saved-searches.service.js';

/** A member's saved searches (docs/auctions.md "Saved searches"): signed-in members, their own only. */
export async function savedSearchRoutes(app: FastifyInstance, opts: SavedSearchesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/saved-searches',
    // Signed in before the body is read: a visitor gets 401 whatever they sent.
    {
      preValidation: requireSignedIn,
      schema: { body: bodyOrEmpty(createSavedSearchSchema), response: { 201: savedSearchSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedSearch(opts, signedInUserId(request), request.body)),
  );
  r.get(
    '/api/saved-searches',
    { preValidation: requireSignedIn, schema: { response: { 200: savedSearchListSchema } } },
    async (request) => listMySavedSearches(opts, signedInUserId(request)),
  );
  // A malformed id is answered like an unknown one (404) by the use case.
  r.delete(
    '/api/saved-searches/:id',
    { preValidation: requireSignedIn, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await deleteMySavedSearch(opts, signedInUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );
}

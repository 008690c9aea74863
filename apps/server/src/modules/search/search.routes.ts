import { searchQuerySchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn, signedInUserId } from '../../plugins/auth.js';
import { searchEverything, searchPeople, type SearchDeps } from './search.service.js';

/** docs/product.md §7 search calls, for signed-in users only (the 401 comes before any query check). */
export async function searchRoutes(app: FastifyInstance, opts: SearchDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/search',
    { preValidation: requireSignedIn, schema: { querystring: searchQuerySchema } },
    async (request) => {
      const userId = signedInUserId(request);
      return searchEverything(opts, request.query.q, request.query.limit, userId);
    },
  );

  r.get(
    '/api/search/users',
    { preValidation: requireSignedIn, schema: { querystring: searchQuerySchema } },
    async (request) => {
      const userId = signedInUserId(request);
      return searchPeople(opts, userId, request.query.q, request.query.limit);
    },
  );
}

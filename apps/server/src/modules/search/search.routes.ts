import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/auth.js';
import { searchEverything, searchPeople, type SearchDeps } from './search.service.js';

export const SEARCH_TERM_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;

/** `q` is trimmed; empty (or missing) is allowed and finds nothing (docs/product.md §5). */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_TERM_MAX, `Search text must be at most ${SEARCH_TERM_MAX} characters`)
    .optional()
    .default(''),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(SEARCH_LIMIT_MAX, LIMIT_MESSAGE)
    .optional()
    .default(SEARCH_LIMIT_DEFAULT),
});

/** docs/product.md §7 search calls, for signed-in users only (the 401 comes before any query check). */
export async function searchRoutes(app: FastifyInstance, opts: SearchDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/search', { onRequest: app.requireUser, schema: { querystring: searchQuerySchema } }, async (request) => {
    const userId = requireUserId(request);
    return searchEverything(opts, request.query.q, request.query.limit, userId);
  });

  r.get(
    '/api/search/users',
    { onRequest: app.requireUser, schema: { querystring: searchQuerySchema } },
    async (request) => {
      const userId = requireUserId(request);
      return searchPeople(opts, userId, request.query.q, request.query.limit);
    },
  );
}

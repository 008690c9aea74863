import type { FastifyInstance } from 'fastify';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { searchEverything, searchPeople, type SearchDeps } from './search.service.js';

/** docs/product.md §7 search calls, for signed-in users only (the 401 comes before any query check). */
export async function searchRoutes(app: FastifyInstance, opts: SearchDeps) {
  route(app, 'searchEverything', async (request) =>
    searchEverything(opts, request.query.q, request.query.limit, signedInUserId(request)),
  );

  route(app, 'searchUsers', async (request) =>
    searchPeople(opts, signedInUserId(request), request.query.q, request.query.limit),
  );
}

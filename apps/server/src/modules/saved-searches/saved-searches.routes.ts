import type { FastifyInstance } from 'fastify';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import {
  createSavedSearch,
  deleteMySavedSearch,
  listMySavedSearches,
  type SavedSearchesDeps,
} from './saved-searches.service.js';

/** A member's saved searches (docs/auctions.md "Saved searches"): signed-in members, their own only. */
export async function savedSearchRoutes(app: FastifyInstance, opts: SavedSearchesDeps) {
  route(app, 'createSavedSearch', async (request, reply) =>
    reply.status(201).send(await createSavedSearch(opts, signedInUserId(request), request.body)),
  );
  route(app, 'listSavedSearches', async (request) => listMySavedSearches(opts, signedInUserId(request)));
  route(app, 'deleteSavedSearch', async (request, reply) => {
    await deleteMySavedSearch(opts, signedInUserId(request), request.params.id);
    return reply.status(204).send();
  });
}

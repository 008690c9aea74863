import { idParamsSchema } from '../../id-schemas.js';
import { bodyOrEmpty } from '../../request-schemas.js';
import { createSavedSearchSchema, savedSearchListSchema, savedSearchSchema } from '../../saved-search-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { savedSearchesRoutes as routes } from '../routes/saved-searches.js';

/** A member's saved searches (docs/auctions.md "Saved searches"). */
export const savedSearchesEndpoints = {
  createSavedSearch: defineEndpoint(routes.createSavedSearch, {
    summary: 'Save the current search to be told of new matching auctions.',
    body: bodyOrEmpty(createSavedSearchSchema),
    responses: { 201: savedSearchSchema },
    errors: ['bad_request', 'conflict'],
  }),
  listSavedSearches: defineEndpoint(routes.listSavedSearches, {
    summary: "The member's saved searches.",
    responses: { 200: savedSearchListSchema },
    errors: [],
  }),
  // A malformed id is answered like an unknown one (404).
  deleteSavedSearch: defineEndpoint(routes.deleteSavedSearch, {
    summary: 'Delete one of the member’s saved searches.',
    params: idParamsSchema,
    responses: { 204: null },
    errors: ['not_found'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

import { defineRoutes } from '../endpoint.js';

/** A member's saved searches (docs/auctions.md "Saved searches"): their own only. */
export const savedSearchesRoutes = defineRoutes({
  createSavedSearch: {
    method: 'POST',
    path: '/api/saved-searches',
    access: 'member',
  },
  listSavedSearches: {
    method: 'GET',
    path: '/api/saved-searches',
    access: 'member',
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    access: 'member',
  },
});

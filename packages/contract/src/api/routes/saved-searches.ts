import { defineRoutes } from '../endpoint.js';

/** A member's saved searches (docs/auctions.md "Saved searches"): their own only. */
export const savedSearchesRoutes = defineRoutes({
  createSavedSearch: {
    method: 'POST',
    path: '/api/saved-searches',
    access: 'member',
    summary: 'Save the current search to be told of new matching auctions.',
  },
  listSavedSearches: {
    method: 'GET',
    path: '/api/saved-searches',
    access: 'member',
    summary: "The member's saved searches.",
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    access: 'member',
    summary: 'Delete one of the member’s saved searches.',
  },
});

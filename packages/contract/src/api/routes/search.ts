import { defineRoutes } from '../endpoint.js';

/** Search (docs/search-and-notifications.md): members only. */
export const searchRoutes = defineRoutes({
  searchEverything: {
    method: 'GET',
    path: '/api/search',
    access: 'member',
  },
  searchUsers: {
    method: 'GET',
    path: '/api/search/users',
    access: 'member',
  },
});

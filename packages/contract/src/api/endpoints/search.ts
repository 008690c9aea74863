import { searchQuerySchema, searchResultsSchema, searchUsersResultsSchema } from '../../search-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { searchRoutes as routes } from '../routes/search.js';

/** Search (docs/search-and-notifications.md). */
export const searchEndpoints = {
  searchEverything: defineEndpoint(routes.searchEverything, {
    summary: 'People and open auctions matching the text.',
    query: searchQuerySchema,
    responses: { 200: searchResultsSchema },
    errors: [],
  }),
  searchUsers: defineEndpoint(routes.searchUsers, {
    summary: 'People matching the text.',
    query: searchQuerySchema,
    responses: { 200: searchUsersResultsSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

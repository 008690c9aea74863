import { defineRoutes } from '../endpoint.js';

/** The signed-in member's own profile (docs/product.md §2, §5). */
export const profileRoutes = defineRoutes({
  updateProfile: {
    method: 'PUT',
    path: '/api/profile',
    access: 'member',
  },
  getProfileStats: {
    method: 'GET',
    path: '/api/profile/stats',
    access: 'member',
  },
});

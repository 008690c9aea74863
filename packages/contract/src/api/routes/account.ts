import { defineRoutes } from '../endpoint.js';

/** Rights requests (docs/trust-and-safety.md "Data export", "Deleting an account"). */
export const accountRoutes = defineRoutes({
  exportMyData: {
    method: 'GET',
    path: '/api/account/export',
    access: 'member',
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/account',
    access: 'member',
  },
});

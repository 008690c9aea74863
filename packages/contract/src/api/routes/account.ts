import { defineRoutes } from '../endpoint.js';

/** Rights requests (docs/trust-and-safety.md "Data export", "Deleting an account"). */
export const accountRoutes = defineRoutes({
  exportMyData: {
    method: 'GET',
    path: '/api/account/export',
    access: 'member',
    summary: 'Download everything held about the member, as a JSON file.',
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/account',
    access: 'member',
    summary: 'Delete the member’s account and personal data, and sign out everywhere.',
  },
});

import { defineRoutes } from '../endpoint.js';

/** Other members' public pages and presence (docs/trust-and-safety.md, docs/realtime.md). */
export const usersRoutes = defineRoutes({
  getMember: {
    method: 'GET',
    path: '/api/users/:id',
    access: 'member',
  },
  getMemberPresence: {
    method: 'GET',
    path: '/api/users/:id/presence',
    access: 'member',
  },
});

import { defineRoutes } from '../endpoint.js';

/** Other members' public pages and presence (docs/trust-and-safety.md, docs/realtime.md). */
export const usersRoutes = defineRoutes({
  getMember: {
    method: 'GET',
    path: '/api/users/:id',
    access: 'member',
    summary: "A member's public page.",
  },
  getMemberPresence: {
    method: 'GET',
    path: '/api/users/:id/presence',
    access: 'member',
    summary: 'Whether the member is online (always offline across a block).',
  },
});

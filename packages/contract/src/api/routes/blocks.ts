import { defineRoutes } from '../endpoint.js';

/** Blocking (docs/trust-and-safety.md): the signed-in member's own blocks. */
export const blocksRoutes = defineRoutes({
  listBlocks: {
    method: 'GET',
    path: '/api/blocks',
    access: 'member',
    summary: 'The members the member has blocked.',
  },
  blockMember: {
    method: 'POST',
    path: '/api/blocks',
    access: 'member',
    summary: 'Block a member (again is no change).',
  },
  unblockMember: {
    method: 'DELETE',
    path: '/api/blocks/:userId',
    access: 'member',
    summary: 'Unblock a member the member had blocked.',
  },
});

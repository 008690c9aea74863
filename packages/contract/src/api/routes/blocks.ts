import { defineRoutes } from '../endpoint.js';

/** Blocking (docs/trust-and-safety.md): the signed-in member's own blocks. */
export const blocksRoutes = defineRoutes({
  listBlocks: {
    method: 'GET',
    path: '/api/blocks',
    access: 'member',
  },
  blockMember: {
    method: 'POST',
    path: '/api/blocks',
    access: 'member',
  },
  unblockMember: {
    method: 'DELETE',
    path: '/api/blocks/:userId',
    access: 'member',
  },
});

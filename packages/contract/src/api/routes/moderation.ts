import { defineRoutes } from '../endpoint.js';

/** The moderators' queues (docs/trust-and-safety.md): moderators only, a 404 to anyone else. */
export const moderationRoutes = defineRoutes({
  listModerationReports: {
    method: 'GET',
    path: '/api/moderation/reports',
    access: 'moderator',
  },
  resolveReport: {
    method: 'POST',
    path: '/api/moderation/reports/:id/resolve',
    access: 'moderator',
  },
  listHeldItems: {
    method: 'GET',
    path: '/api/moderation/held',
    access: 'moderator',
  },
  decideHeldAuction: {
    method: 'POST',
    path: '/api/moderation/held/auctions/:id/decide',
    access: 'moderator',
  },
  decideHeldBio: {
    method: 'POST',
    path: '/api/moderation/held/bios/:id/decide',
    access: 'moderator',
  },
  voidBid: {
    method: 'POST',
    path: '/api/moderation/bids/:id/void',
    access: 'moderator',
  },
});

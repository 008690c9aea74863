import { defineRoutes } from '../endpoint.js';

/** The moderators' queues (docs/trust-and-safety.md): moderators only, a 404 to anyone else. */
export const moderationRoutes = defineRoutes({
  listModerationReports: {
    method: 'GET',
    path: '/api/moderation/reports',
    access: 'moderator',
    summary: 'The reports queue, oldest first, by status.',
  },
  resolveReport: {
    method: 'POST',
    path: '/api/moderation/reports/:id/resolve',
    access: 'moderator',
    summary: 'Resolve an open report with an action and the reasons.',
  },
  listHeldItems: {
    method: 'GET',
    path: '/api/moderation/held',
    access: 'moderator',
    summary: 'What screening held: listings, bios and photos, oldest first.',
  },
  decideHeldAuction: {
    method: 'POST',
    path: '/api/moderation/held/auctions/:id/decide',
    access: 'moderator',
    summary: 'Publish or refuse a held listing.',
  },
  decideHeldBio: {
    method: 'POST',
    path: '/api/moderation/held/bios/:id/decide',
    access: 'moderator',
    summary: 'Show or remove a held bio.',
  },
  voidBid: {
    method: 'POST',
    path: '/api/moderation/bids/:id/void',
    access: 'moderator',
    summary: 'Void a member’s bids on an open auction and recompute its price.',
  },
});

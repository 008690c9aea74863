import { defineRoutes } from '../endpoint.js';

/**
 * The date itself (docs/the-date.md): its two people's routes, the share-my-date link's public
 * read, and the moderators' refund request queue.
 */
export const datesRoutes = defineRoutes({
  getDate: {
    method: 'GET',
    path: '/api/auctions/:id/plan',
    access: 'member',
    summary: 'The date of an auction: its plan, date mode and money.',
  },
  getDateCalendar: {
    method: 'GET',
    path: '/api/auctions/:id/plan/calendar.ics',
    access: 'member',
    summary: 'The agreed plan as a calendar invitation.',
  },
  proposeDatePlan: {
    method: 'POST',
    path: '/api/auctions/:id/plan',
    access: 'member',
    summary: 'Propose a place and time; it replaces the open proposal.',
  },
  acceptDatePlan: {
    method: 'POST',
    path: '/api/auctions/:id/plan/accept',
    access: 'member',
    summary: "Accept the other person's proposal.",
  },
  startDateMode: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/start',
    access: 'member',
    summary: 'Start date mode.',
  },
  checkInOnDate: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/check-in',
    access: 'member',
    summary: 'Check in during date mode: arrived, or still safe.',
  },
  endDate: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/end',
    access: 'member',
    summary: 'End the date.',
  },
  shareDateLocation: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/location',
    access: 'member',
    summary: 'Share my position with the trusted contact during date mode.',
  },
  stopSharingDateLocation: {
    method: 'DELETE',
    path: '/api/auctions/:id/date-mode/location',
    access: 'member',
    summary: 'Stop sharing my position.',
  },
  createDateShareLink: {
    method: 'POST',
    path: '/api/auctions/:id/share-link',
    access: 'member',
    summary: 'A read-only link to the date for a trusted contact.',
  },
  requestDateRefund: {
    method: 'POST',
    path: '/api/auctions/:id/refund-request',
    access: 'member',
    summary: 'The winner asks for a refund before the money is released.',
  },
  releaseDatePayment: {
    method: 'POST',
    path: '/api/auctions/:id/release',
    access: 'member',
    summary: 'The winner releases the money to the host early.',
  },
  getSharedDate: {
    method: 'GET',
    path: '/api/shared-dates/:token',
    access: 'public',
    summary: 'What a trusted contact sees of the date through a share link.',
  },
  listRefundRequests: {
    method: 'GET',
    path: '/api/moderation/refund-requests',
    access: 'moderator',
    summary: 'The open refund requests, oldest first.',
  },
  decideRefundRequest: {
    method: 'POST',
    path: '/api/moderation/refund-requests/:id/decide',
    access: 'moderator',
    summary: 'Decide a refund request: full, partial or denied.',
  },
});

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
  },
  getDateCalendar: {
    method: 'GET',
    path: '/api/auctions/:id/plan/calendar.ics',
    access: 'member',
  },
  proposeDatePlan: {
    method: 'POST',
    path: '/api/auctions/:id/plan',
    access: 'member',
  },
  acceptDatePlan: {
    method: 'POST',
    path: '/api/auctions/:id/plan/accept',
    access: 'member',
  },
  startDateMode: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/start',
    access: 'member',
  },
  checkInOnDate: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/check-in',
    access: 'member',
  },
  endDate: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/end',
    access: 'member',
  },
  shareDateLocation: {
    method: 'POST',
    path: '/api/auctions/:id/date-mode/location',
    access: 'member',
  },
  stopSharingDateLocation: {
    method: 'DELETE',
    path: '/api/auctions/:id/date-mode/location',
    access: 'member',
  },
  createDateShareLink: {
    method: 'POST',
    path: '/api/auctions/:id/share-link',
    access: 'member',
  },
  requestDateRefund: {
    method: 'POST',
    path: '/api/auctions/:id/refund-request',
    access: 'member',
  },
  releaseDatePayment: {
    method: 'POST',
    path: '/api/auctions/:id/release',
    access: 'member',
  },
  getSharedDate: {
    method: 'GET',
    path: '/api/shared-dates/:token',
    access: 'public',
  },
  listRefundRequests: {
    method: 'GET',
    path: '/api/moderation/refund-requests',
    access: 'moderator',
  },
  decideRefundRequest: {
    method: 'POST',
    path: '/api/moderation/refund-requests/:id/decide',
    access: 'moderator',
  },
});

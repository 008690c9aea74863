import { defineRoutes } from '../endpoint.js';

/** The bell, the member's alert preferences and push devices (docs/notifications.md). */
export const notificationsRoutes = defineRoutes({
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'member',
  },
  countUnreadNotifications: {
    method: 'GET',
    path: '/api/notifications/count',
    access: 'member',
  },
  markNotificationRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    access: 'member',
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/mark-all-read',
    access: 'member',
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/notification-preferences',
    access: 'member',
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/api/notification-preferences',
    access: 'member',
  },
  getPushPublicKey: {
    method: 'GET',
    path: '/api/push/public-key',
    access: 'public',
  },
  subscribePushDevice: {
    method: 'POST',
    path: '/api/push/subscriptions',
    access: 'member',
  },
  unsubscribePushDevice: {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    access: 'member',
  },
  showEmailUnsubscribe: {
    method: 'GET',
    path: '/api/notification-preferences/unsubscribe',
    access: 'public',
  },
  unsubscribeEmail: {
    method: 'POST',
    path: '/api/notification-preferences/unsubscribe',
    access: 'public',
  },
});

import { defineRoutes } from '../endpoint.js';

/** The bell, the member's alert preferences and push devices (docs/notifications.md). */
export const notificationsRoutes = defineRoutes({
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'member',
    summary: "The member's latest notifications, newest first.",
  },
  countUnreadNotifications: {
    method: 'GET',
    path: '/api/notifications/count',
    access: 'member',
    summary: 'How many of the member’s notifications are unread.',
  },
  markNotificationRead: {
    method: 'POST',
    path: '/api/notifications/:id/read',
    access: 'member',
    summary: 'Mark one of the member’s notifications read.',
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/mark-all-read',
    access: 'member',
    summary: 'Mark all of the member’s notifications read.',
  },
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/notification-preferences',
    access: 'member',
    summary: 'Which alerts reach the member by e-mail and by push, per type.',
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/api/notification-preferences',
    access: 'member',
    summary: 'Switch alerts by e-mail or push on or off, per type.',
  },
  getPushPublicKey: {
    method: 'GET',
    path: '/api/push/public-key',
    access: 'public',
    summary: 'The VAPID public key browsers subscribe to push with (null when push is off).',
  },
  subscribePushDevice: {
    method: 'POST',
    path: '/api/push/subscriptions',
    access: 'member',
    summary: 'Register this browser for push alerts.',
  },
  unsubscribePushDevice: {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    access: 'member',
    summary: 'Stop push alerts to this browser.',
  },
  showEmailUnsubscribe: {
    method: 'GET',
    path: '/api/notification-preferences/unsubscribe',
    access: 'public',
    summary: 'The page an alert e-mail’s unsubscribe link opens: asks to confirm, changes nothing.',
  },
  unsubscribeEmail: {
    method: 'POST',
    path: '/api/notification-preferences/unsubscribe',
    access: 'public',
    summary: 'Turn one alert type’s e-mails off with the link’s token (RFC 8058 one-click, cross-site form).',
  },
});

import { z } from 'zod';
import { idParamsSchema } from '../../id-schemas.js';
import { unreadCountSchema } from '../../message-schemas.js';
import {
  notificationPreferencesResponseSchema,
  pushPublicKeyResponseSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  updateNotificationPreferencesSchema,
} from '../../notification-channels.js';
import { appNotificationSchema, markAllReadResultSchema } from '../../notification-schemas.js';
import { noBodySchema, unsubscribeQuerySchema } from '../../request-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { notificationsRoutes as routes } from '../routes/notifications.js';

const success = z.object({ success: z.literal(true) });

/** An unsubscribe link's pages: a browser (it asks for HTML) is shown a page, even for a bad link. */
const unsubscribePage = { contentType: 'text/html', description: 'A page for the member who opened the link.' };
const invalidLinkPage = {
  contentType: 'text/html',
  description: 'Shown to a browser for a link that is not valid; any other client gets the JSON error (bad_request).',
};

/** The bell, alert preferences and push devices (docs/notifications.md). */
export const notificationsEndpoints = {
  listNotifications: defineEndpoint(routes.listNotifications, {
    summary: "The member's latest notifications, newest first.",
    responses: { 200: z.array(appNotificationSchema) },
    errors: [],
  }),
  countUnreadNotifications: defineEndpoint(routes.countUnreadNotifications, {
    summary: 'How many of the member’s notifications are unread.',
    responses: { 200: unreadCountSchema },
    errors: [],
  }),
  // Another member's notification, an unknown one and a malformed id all answer the same 404.
  markNotificationRead: defineEndpoint(routes.markNotificationRead, {
    summary: 'Mark one of the member’s notifications read.',
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: success },
    errors: ['not_found'],
  }),
  markAllNotificationsRead: defineEndpoint(routes.markAllNotificationsRead, {
    summary: 'Mark all of the member’s notifications read.',
    body: noBodySchema,
    responses: { 200: markAllReadResultSchema },
    errors: [],
  }),
  getNotificationPreferences: defineEndpoint(routes.getNotificationPreferences, {
    summary: 'Which alerts reach the member by e-mail and by push, per type.',
    responses: { 200: notificationPreferencesResponseSchema },
    errors: [],
  }),
  updateNotificationPreferences: defineEndpoint(routes.updateNotificationPreferences, {
    summary: 'Switch alerts by e-mail or push on or off, per type.',
    body: updateNotificationPreferencesSchema,
    responses: { 200: notificationPreferencesResponseSchema },
    errors: [],
  }),
  getPushPublicKey: defineEndpoint(routes.getPushPublicKey, {
    summary: 'The VAPID public key browsers subscribe to push with (null when push is off).',
    responses: { 200: pushPublicKeyResponseSchema },
    errors: [],
  }),
  // 409 `push_off` when the server has no VAPID keys; 400 for a push service not on the allow list.
  subscribePushDevice: defineEndpoint(routes.subscribePushDevice, {
    summary: 'Register this browser for push alerts.',
    body: pushSubscriptionInputSchema,
    responses: { 201: success },
    errors: ['bad_request', 'push_off'],
  }),
  unsubscribePushDevice: defineEndpoint(routes.unsubscribePushDevice, {
    summary: 'Stop push alerts to this browser.',
    body: pushUnsubscribeInputSchema,
    responses: { 204: null },
    errors: [],
  }),
  showEmailUnsubscribe: defineEndpoint(routes.showEmailUnsubscribe, {
    summary: 'The page an alert e-mail’s unsubscribe link opens: asks to confirm, changes nothing.',
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribePage, 400: invalidLinkPage },
    errors: ['bad_request'],
  }),
  // A form post from the mail client (RFC 8058): its body is not read, the token in the query is.
  unsubscribeEmail: defineEndpoint(routes.unsubscribeEmail, {
    summary: 'Turn one alert type’s e-mails off with the link’s token (RFC 8058 one-click, cross-site form).',
    query: unsubscribeQuerySchema,
    body: noBodySchema,
    responses: { 200: unsubscribePage, 400: invalidLinkPage },
    errors: ['bad_request'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

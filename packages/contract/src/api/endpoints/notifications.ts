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
    responses: { 200: z.array(appNotificationSchema) },
    errors: [],
  }),
  countUnreadNotifications: defineEndpoint(routes.countUnreadNotifications, {
    responses: { 200: unreadCountSchema },
    errors: [],
  }),
  // Another member's notification, an unknown one and a malformed id all answer the same 404.
  markNotificationRead: defineEndpoint(routes.markNotificationRead, {
    params: idParamsSchema,
    body: noBodySchema,
    responses: { 200: success },
    errors: ['not_found'],
  }),
  markAllNotificationsRead: defineEndpoint(routes.markAllNotificationsRead, {
    body: noBodySchema,
    responses: { 200: markAllReadResultSchema },
    errors: [],
  }),
  getNotificationPreferences: defineEndpoint(routes.getNotificationPreferences, {
    responses: { 200: notificationPreferencesResponseSchema },
    errors: [],
  }),
  updateNotificationPreferences: defineEndpoint(routes.updateNotificationPreferences, {
    body: updateNotificationPreferencesSchema,
    responses: { 200: notificationPreferencesResponseSchema },
    errors: [],
  }),
  getPushPublicKey: defineEndpoint(routes.getPushPublicKey, {
    responses: { 200: pushPublicKeyResponseSchema },
    errors: [],
  }),
  // 409 `push_off` when the server has no VAPID keys; 400 for a push service not on the allow list.
  subscribePushDevice: defineEndpoint(routes.subscribePushDevice, {
    body: pushSubscriptionInputSchema,
    responses: { 201: success },
    errors: ['bad_request', 'push_off'],
  }),
  unsubscribePushDevice: defineEndpoint(routes.unsubscribePushDevice, {
    body: pushUnsubscribeInputSchema,
    responses: { 204: null },
    errors: [],
  }),
  showEmailUnsubscribe: defineEndpoint(routes.showEmailUnsubscribe, {
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribePage, 400: invalidLinkPage },
    errors: ['bad_request'],
  }),
  // A form post from the mail client (RFC 8058): its body is not read, the token in the query is.
  unsubscribeEmail: defineEndpoint(routes.unsubscribeEmail, {
    query: unsubscribeQuerySchema,
    body: noBodySchema,
    responses: { 200: unsubscribePage, 400: invalidLinkPage },
    errors: ['bad_request'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

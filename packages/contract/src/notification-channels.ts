import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './constants.js';

/**
 * Alerts outside the app (issue 22, docs/notifications.md): which notification types may reach a
 * member by e-mail and web push, the preferences API, and the push subscription calls. Every other
 * type stays in the bell only.
 */
export const OUT_OF_APP_NOTIFICATION_TYPES = [
  'outbid',
  'auction_won',
  'auction_lost',
  'auction_ending_soon',
  'bid_received',
  'payment_failed',
  'message_received',
  'date_plan',
  'date_reminder',
  'refund',
  'payout',
  'report_resolved',
  'account_inactive',
  'feedback_request',
  'saved_search_match',
] as const satisfies readonly NotificationType[];
export type OutOfAppNotificationType = (typeof OUT_OF_APP_NOTIFICATION_TYPES)[number];

export function isOutOfAppNotificationType(type: string): type is OutOfAppNotificationType {
  return (OUT_OF_APP_NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** Pushes that cannot wait (the member can still act): sent with `Urgency: high`. */
export const URGENT_PUSH_TYPES: readonly NotificationType[] = ['outbid', 'auction_won'];

/** The channels a member can switch per type. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The profile's switch labels, one per type. */
export const NOTIFICATION_TYPE_LABELS: Record<OutOfAppNotificationType, string> = {
  outbid: "You've been outbid",
  auction_won: 'You won an auction (or a second-chance offer)',
  auction_lost: 'An auction you bid on went to someone else',
  auction_ending_soon: 'An auction you bid on ends soon',
  bid_received: 'Someone bid on your auction',
  payment_failed: 'A payment failed',
  message_received: 'New message (only while you are away)',
  date_plan: 'Date plans proposed or agreed',
  date_reminder: 'Date reminders',
  refund: 'Refunds',
  payout: 'Payouts',
  report_resolved: 'Your report was resolved',
  account_inactive: 'Your account is about to be deleted for inactivity',
  feedback_request: 'How did your date go? (feedback after a date)',
  saved_search_match: 'A new auction matches a saved search',
};

const outOfAppType = z.enum(OUT_OF_APP_NOTIFICATION_TYPES, {
  error: `type must be one of: ${OUT_OF_APP_NOTIFICATION_TYPES.join(', ')}`,
});

export const notificationPreferenceSchema = z.object({
  type: outOfAppType,
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET and PUT /api/notification-preferences answer: one entry per out-of-app type, in list order. */
export const notificationPreferencesResponseSchema = z.object({
  preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/** PUT /api/notification-preferences: only what is named changes. */
export const updateNotificationPreferencesSchema = z.strictObject({
  preferences: z
    .array(
      z.strictObject({
        type: outOfAppType,
        email: z.boolean({ error: 'email must be true or false' }).optional(),
        push: z.boolean({ error: 'push must be true or false' }).optional(),
      }),
    )
    .min(1, 'Name at least one preference to change')
    .max(NOTIFICATION_TYPES.length * 2, 'Too many preferences in one request'),
});
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesSchema>;

/** The longest push endpoint URL accepted (real ones are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const base64url = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${field} must be base64url`);

const pushEndpoint = z
  .string({ error: 'endpoint is required' })
  .min(1, 'endpoint is required')
  .max(PUSH_ENDPOINT_MAX_LENGTH, 'endpoint is too long')
  .refine((value) => URL.canParse(value), 'endpoint must be a URL');

/** POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()` (expirationTime is ignored). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64url('keys.p256dh', 128),
      auth: base64url('keys.auth', 64),
    },
    { error: 'keys must have p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: pushEndpoint });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

/** GET /api/push/public-key: the VAPID public key the browser subscribes with (null when push is off). */
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string().nullable() });

/** What a push carries (the service worker shows it; `url` is the app path the click opens). */
export const pushPayloadSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The app page a notification is about: the chat list for messages, else its auction, else the home page. */
export function notificationAppPath(notification: { type: string; relatedAuctionId: string | null }): string {
  if (notification.type === 'message_received') return '/messages';
  // The feedback form is on the date's page (docs/the-date.md "Feedback after the date").
  if (notification.type === 'feedback_request' && notification.relatedAuctionId) {
    return `/auctions/${notification.relatedAuctionId}/date`;
  }
  if (notification.relatedAuctionId) return `/auction/${notification.relatedAuctionId}`;
  return '/';
}

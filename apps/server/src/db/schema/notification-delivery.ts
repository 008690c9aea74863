import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz, updatedAt } from './columns.js';
import { notificationTypeEnum } from './enums.js';
import { notifications } from './notifications.js';
import { users } from './users.js';

/**
 * A member's choices per notification type and channel (docs/notifications.md). A missing row
 * means the defaults (both channels on); a row exists once the member changed something.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** One browser (device) that agreed to receive web pushes; the endpoint identifies it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: varchar('p256dh', { length: 128 }).notNull(),
    auth: varchar('auth', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

export const DELIVERY_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The outbox: one row per notification and destination (the member's e-mail, or one push
 * subscription), written by a trigger in the notification's own transaction (migration
 * 0019_notification_outbox_trigger) and drained by the delivery job with FOR UPDATE SKIP LOCKED.
 * `next_attempt_at` is also the claim: a claimed row is pushed into the future for the length of
 * a send, so no other instance takes it meanwhile.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: requiredRef('notification_id', () => notifications.id, { onDelete: 'cascade' }),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 8, enum: ['email', 'push'] }).notNull(),
    pushSubscriptionId: uuid('push_subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 8, enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    // The job's claim reads due rows in order; finished rows leave the index.
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_notification_idx').on(t.notificationId),
    // The message e-mail limit looks up the member's latest e-mails.
    index('notification_deliveries_user_channel_idx').on(t.userId, t.channel, t.finishedAt),
  ],
);

/** Keys the server makes for itself in development (the VAPID pair), shared by every instance. */
export const serverKeys = pgTable('server_keys', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

export type NotificationDelivery = typeof notificationDeliveries.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * At most one message e-mail per conversation per 15 minutes: a delivery claims its
 * conversation's slot with one conditional upsert before sending, so two instances cannot both
 * send (docs/notifications.md). `conversation_key` is the other member and the auction, if any.
 */
export const messageEmailSlots = pgTable(
  'message_email_slots',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    conversationKey: varchar('conversation_key', { length: 80 }).notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationKey] })],
);

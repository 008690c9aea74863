import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { auctions } from './auctions.js';
import { createdAt, requiredRef } from './columns.js';
import { notificationTypeEnum } from './enums.js';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    relatedAuctionId: uuid('related_auction_id').references(() => auctions.id, { onDelete: 'set null' }),
    relatedUserId: uuid('related_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The bell lists a user's newest notifications; the badge counts the unread ones.
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`NOT ${t.isRead}`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * A bid's two notices (the host's "New bid on your auction", the beaten leader's "You've been
 * outbid"), written by `place_bids` under the auction's row lock as ONE narrow row, then turned
 * into notifications (and, by the outbox trigger, their deliveries) right after the bid commits,
 * off the lock, by the instance's bid notice writer; a job writes any a dead request left behind
 * (docs/notifications.md, "A bid's notices"). The texts are final: amounts filled in, the
 * bidder's name and the title as they read when the bid arrived. No foreign keys: checking them
 * would lock three users' rows under the hot auction's lock; the writer skips a member or an
 * auction deleted in between instead.
 */
export const pendingBidNotices = pgTable('pending_bid_notices', {
  bidId: uuid('bid_id').primaryKey(),
  auctionId: uuid('auction_id').notNull(),
  bidderId: uuid('bidder_id').notNull(),
  hostId: uuid('host_id').notNull(),
  receivedTitle: varchar('received_title', { length: 255 }).notNull(),
  receivedMessage: text('received_message').notNull(),
  /** Null when the bid beat no one (a first bid, the leader's own, or one answered by an automatic bid). */
  outbidId: uuid('outbid_id'),
  outbidTitle: varchar('outbid_title', { length: 255 }),
  outbidMessage: text('outbid_message'),
  createdAt: createdAt(),
});

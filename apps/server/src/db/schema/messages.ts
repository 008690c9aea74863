import { index, boolean, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from './columns.js';
import { users } from './users.js';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** For an auction chat: the auction id, then both participants' ids sorted, joined with hyphens (docs/product.md §3). */
    conversationId: varchar('conversation_id', { length: 128 }).notNull(),
    senderId: requiredRef('sender_id', () => users.id),
    receiverId: requiredRef('receiver_id', () => users.id),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * The sender was asked "Are you sure?" by screening and sent it anyway: the receiver is asked
     * "Does this bother you?" (docs/trust-and-safety.md "Screening").
     */
    sentAfterWarning: boolean('sent_after_warning').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('messages_receiver_read_idx').on(t.receiverId, t.isRead),
  ],
);

export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

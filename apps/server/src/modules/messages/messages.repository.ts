import { UUID_SOURCE } from '@bid/contract';
import { and, count, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, messages, users, type Message } from '../../db/schema/index.js';
import { memberCardColumns } from '../../db/card-columns.js';
import { rowsOf } from '../../db/sql-helpers.js';

export interface ConversationSummaryRow {
  conversation_id: string;
  message_id: string;
  content: string;
  sender_id: string;
  created_at: string | Date;
  is_read: boolean;
  other_id: string;
  other_first_name: string | null;
  other_last_name: string | null;
  other_profile_image_url: string | null;
  unread_count: number | string;
  auction_id: string | null;
  auction_title: string | null;
}

/** An auction chat id is 110 characters: a uuid, a hyphen, then two sorted uuids (@bid/contract conversation-id.ts). */
const AUCTION_CONVERSATION_ID_PATTERN = `^${UUID_SOURCE}-.{73}$`;

/**
 * Every conversation `userId` is in, newest activity first, in one statement: the last message
 * of each conversation (DISTINCT ON), the other participant, the unread count and, for an
 * auction chat, the auction's title. Runs on the sender and receiver indexes of `messages`.
 */
export async function listConversationSummaries(db: Db, userId: string): Promise<ConversationSummaryRow[]> {
  const result = await db.execute(sql`
    WITH mine AS (
      SELECT id, conversation_id, sender_id, receiver_id, content, is_read, created_at,
             CASE WHEN sender_id = ${userId}::uuid THEN receiver_id ELSE sender_id END AS other_id
      FROM messages
      WHERE sender_id = ${userId}::uuid OR receiver_id = ${userId}::uuid
    ), latest AS (
      SELECT DISTINCT ON (conversation_id) *
      FROM mine
      ORDER BY conversation_id, created_at DESC, id DESC
    ), unread AS (
      SELECT conversation_id, count(*) AS n
      FROM messages
      WHERE receiver_id = ${userId}::uuid AND NOT is_read
      GROUP BY conversation_id
    )
    SELECT latest.conversation_id, latest.id AS message_id, latest.content, latest.sender_id,
           latest.created_at, latest.is_read, latest.other_id,
           u.first_name AS other_first_name, u.last_name AS other_last_name,
           u.profile_image_url AS other_profile_image_url,
           COALESCE(unread.n, 0)::int AS unread_count,
           a.id AS auction_id, a.title AS auction_title
    FROM latest
    JOIN users u ON u.id = latest.other_id
      -- A block either way hides the conversation from both lists (docs/trust-and-safety.md).
      AND NOT EXISTS (SELECT 1 FROM blocks b
        WHERE (b.blocker_id = ${userId}::uuid AND b.blocked_id = latest.other_id)
           OR (b.blocker_id = latest.other_id AND b.blocked_id = ${userId}::uuid))
    LEFT JOIN unread ON unread.conversation_id = latest.conversation_id
    LEFT JOIN auctions a ON a.id = (
      CASE WHEN latest.conversation_id ~ ${AUCTION_CONVERSATION_ID_PATTERN}
           THEN left(latest.conversation_id, 36)::uuid END
    )
    ORDER BY latest.created_at DESC, latest.id DESC
  `);
  return rowsOf<ConversationSummaryRow>(result);
}

/** Messages sent to `userId` and not read yet, in every conversation (the header badge). */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

/** Marks what `userId` received in one conversation as read; answers how many changed. */
export async function markConversationRead(db: Db, conversationId: string, userId: string): Promise<number> {
  const changed = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(eq(messages.conversationId, conversationId), eq(messages.receiverId, userId), eq(messages.isRead, false)),
    )
    .returning({ id: messages.id });
  return changed.length;
}

export async function findMessageInConversation(db: Db, conversationId: string, messageId: string) {
  const [row] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId)))
    .limit(1);
  return row;
}

/**
 * One page of a conversation, oldest first: the latest `limit` messages, or the latest ones
 * before `before` (a message of the same conversation). Reads `limit + 1` to tell whether
 * older messages remain.
 */
export async function listConversationMessages(
  db: Db,
  conversationId: string,
  options: { limit: number; before?: { id: string; createdAt: Date } },
): Promise<{ items: Message[]; hasMore: boolean }> {
  const { before } = options;
  const olderThanCursor = before
    ? or(
        lt(messages.createdAt, before.createdAt),
        and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
      )
    : undefined;
  const newestFirst = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), olderThanCursor))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1);
  const hasMore = newestFirst.length > options.limit;
  return { items: newestFirst.slice(0, options.limit).reverse(), hasMore };
}

export async function hasConversationMessages(db: Db, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .limit(1);
  return row !== undefined;
}

/** How many messages `senderId` sent after `since` (the send rate limit; sender+created index). */
export async function countMessagesSentSince(db: Db, senderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertMessage(
  db: Db,
  input: { conversationId: string; senderId: string; receiverId: string; content: string; sentAfterWarning: boolean },
): Promise<Message> {
  const [row] = await db
    .insert(messages)
    // clock_timestamp(): two messages in one transaction (or one test clock) still keep their order.
    .values({ ...input, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

export async function findChatUser(db: Db, id: string) {
  const [row] = await db.select(memberCardColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findAuctionParties(db: Db, auctionId: string) {
  const [row] = await db
    .select({ id: auctions.id, title: auctions.title, creatorId: auctions.creatorId, winnerId: auctions.winnerId })
    .from(auctions)
    .where(eq(auctions.id, auctionId))
    .limit(1);
  return row;
}

import {
  conversationChannel,
  directConversationId,
  disallowedCharactersMessage,
  hasDisallowedCharacters,
  isCanonicalUuid,
  type ConversationPageQuery,
  type SendMessageBody,
  type StartConversationBody,
} from '@bid/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { lockRateLimitKeys } from '../../db/rate-limit-lock.js';
import { notify } from '../notifications/notify.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { screenMessage } from './message-screening.js';
import { assertNotBlocked, assertReceiverNotDeleted, canMessage, getConversationAccess } from './messages.policy.js';
import { presentConversationSummary, presentMessage, type PresentedMessage } from './messages.presenter.js';
import {
  countMessagesSentSince,
  countUnreadMessages,
  findAuctionParties,
  findChatUser,
  findMessageInConversation,
  hasConversationMessages,
  insertMessage,
  listConversationMessages,
  listConversationSummaries,
  markConversationRead,
} from './messages.repository.js';

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGES_PAGE_SIZE = 100;
/** Sending limit per user, counted in the database so it holds across app instances (docs/engineering.md §5). */
export const MESSAGES_PER_MINUTE = 30;
const NOTIFICATION_PREVIEW_CHARS = 80;

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX_LENGTH} characters`;
export const RECIPIENT_NOT_FOUND = 'User not found';
export const CANNOT_MESSAGE_SELF = 'You cannot message yourself';
export const WRONG_RECEIVER = 'The receiver is not the other person in this conversation';
export const MESSAGE_DISALLOWED_CHARACTERS = disallowedCharactersMessage('Message');
export const SENDING_TOO_FAST = 'You are sending messages too quickly. Please wait a moment.';

export interface MessagesDeps {
  db: Db;
  /** The conversation's channel and the receiver's bell hear each message (docs/realtime.md). */
  realtime: RealtimePublisher;
}

/** docs/product.md §5 Chat: content is trimmed; empty or whitespace-only is refused. */
function readContent(value: unknown, field: string): string {
  const content = typeof value === 'string' ? value.trim() : '';
  if (!content) throw new AppError(400, 'validation', MESSAGE_EMPTY, field);
  if (content.length > MESSAGE_MAX_LENGTH) throw new AppError(400, 'validation', MESSAGE_TOO_LONG, field);
  // The contract's free-text rule (packages/contract text.ts): no NUL or other control characters.
  if (hasDisallowedCharacters(content)) throw new AppError(400, 'validation', MESSAGE_DISALLOWED_CHARACTERS, field);
  return content;
}

export async function listConversations(db: Db, userId: string) {
  const rows = await listConversationSummaries(db, userId);
  return rows.map(presentConversationSummary);
}

export async function countUnread(db: Db, userId: string) {
  return { count: await countUnreadMessages(db, userId) };
}

const pageQuerySchema = z.object({
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE).optional(),
});

/**
 * GET /api/conversations/{id}/messages: the latest page (oldest first) of a conversation the
 * user is in, older pages through `before` (a message id), and what was sent to the user in
 * it is marked read.
 */
export async function readConversation(
  db: Db,
  userId: string,
  conversationId: string,
  query: ConversationPageQuery,
): Promise<{ items: PresentedMessage[]; hasMore: boolean }> {
  const access = await getConversationAccess(db, userId, conversationId);
  if (!access) throw notFound(CONVERSATION_NOT_FOUND);
  const parsed = pageQuerySchema.safeParse(query);
  if (!parsed.success) throw badRequest('Invalid page', 'limit');
  const { before, limit = MESSAGES_PAGE_SIZE } = parsed.data;

  let cursor: { id: string; createdAt: Date } | undefined;
  if (before !== undefined) {
    cursor = isCanonicalUuid(before) ? await findMessageInConversation(db, conversationId, before) : undefined;
    if (!cursor) throw badRequest('Invalid cursor', 'before');
  }

  await markConversationRead(db, conversationId, userId);
  const page = await listConversationMessages(db, conversationId, { limit, ...(cursor ? { before: cursor } : {}) });
  return { items: page.items.map(presentMessage), hasMore: page.hasMore };
}

/** Call inside the sending transaction: the lock makes the count and the insert one decision (docs/messaging.md). */
async function assertSendingRate(db: Db, senderId: string): Promise<void> {
  await lockRateLimitKeys(db, [`messages:${senderId}`]);
  const since = new Date(Date.now() - 60_000);
  if ((await countMessagesSentSince(db, senderId, since)) >= MESSAGES_PER_MINUTE)
    throw tooManyRequests(SENDING_TOO_FAST);
}

/**
 * Stores a message and the receiver's 'message_received' notification in one transaction, then,
 * after the commit, tells the conversation channel and the receiver (docs/engineering.md §7: never notify
 * inside the transaction).
 */
async function deliver(
  deps: MessagesDeps,
  input: {
    conversationId: string;
    senderId: string;
    receiverId: string;
    content: string;
    auctionId?: string;
    sentAfterWarning: boolean;
  },
): Promise<PresentedMessage> {
  const sender = await findChatUser(deps.db, input.senderId);
  const senderName = sender?.firstName?.trim() || 'Someone';
  const preview = Array.from(input.content).slice(0, NOTIFICATION_PREVIEW_CHARS).join('');

  const stored = await deps.db.transaction(async (tx) => {
    await assertSendingRate(tx, input.senderId);
    const message = await insertMessage(tx, {
      conversationId: input.conversationId,
      senderId: input.senderId,
      receiverId: input.receiverId,
      content: input.content,
      sentAfterWarning: input.sentAfterWarning,
    });
    await notify(tx, [
      {
        userId: input.receiverId,
        type: 'message_received',
        title: 'New message',
        message: `${senderName}: ${preview}`,
        relatedUserId: input.senderId,
        relatedAuctionId: input.auctionId ?? null,
      },
    ]);
    return message;
  });

  const message = presentMessage(stored);
  deps.realtime.publish(conversationChannel(message.conversationId), { type: 'new_message', message });
  return message;
}

/**
 * POST /api/messages {conversationId, receiverId, content}. Only a participant may post, only
 * to the other participant; a direct conversation must have been started (POST
 * /api/conversations/start) first, while an auction chat may open with this call.
 */
export async function sendMessage(
  deps: MessagesDeps,
  senderId: string,
  fields: SendMessageBody,
): Promise<PresentedMessage> {
  const conversationId = fields.conversationId;
  const access = await getConversationAccess(deps.db, senderId, conversationId);
  if (!access || typeof conversationId !== 'string') throw notFound(CONVERSATION_NOT_FOUND);
  if (access.ref.kind === 'direct' && !(await hasConversationMessages(deps.db, conversationId))) {
    throw notFound(CONVERSATION_NOT_FOUND);
  }
  if (fields.receiverId !== access.otherUserId) throw new AppError(400, 'validation', WRONG_RECEIVER, 'receiverId');
  const content = readContent(fields.content, 'content');
  if (!(await canMessage(deps.db, senderId, access.otherUserId, conversationId))) {
    throw notFound(CONVERSATION_NOT_FOUND);
  }
  await assertNotBlocked(deps.db, senderId, access.otherUserId);
  await assertReceiverNotDeleted(deps.db, access.otherUserId);
  // An auction chat exists only between the host and the winner: the date is won (docs/messaging.md).
  const screened = screenMessage(content, 'content', {
    dateWon: access.ref.kind === 'auction',
    confirmed: fields.confirmed,
  });
  return deliver(deps, {
    conversationId,
    senderId,
    receiverId: access.otherUserId,
    content,
    sentAfterWarning: screened.sentAfterWarning,
    ...(access.auction ? { auctionId: access.auction.id } : {}),
  });
}

/**
 * POST /api/conversations/start {receiverId, message}: the first message of the direct
 * conversation between the two users, or the next one when it exists already.
 */
export async function startConversation(
  deps: MessagesDeps,
  senderId: string,
  fields: StartConversationBody,
): Promise<{ conversationId: string }> {
  // A missing receiver was answered by the route's schema.
  const receiverId = fields.receiverId;
  if (!isCanonicalUuid(receiverId)) throw notFound(RECIPIENT_NOT_FOUND);
  if (receiverId === senderId) throw new AppError(400, 'validation', CANNOT_MESSAGE_SELF, 'receiverId');
  const content = readContent(fields.message, 'message');
  const conversationId = directConversationId(senderId, receiverId);
  if (!(await canMessage(deps.db, senderId, receiverId, conversationId))) throw notFound(RECIPIENT_NOT_FOUND);
  await assertNotBlocked(deps.db, senderId, receiverId);
  await assertReceiverNotDeleted(deps.db, receiverId);
  // A direct chat: no date won between these two.
  const screened = screenMessage(content, 'message', { dateWon: false, confirmed: fields.confirmed });
  await deliver(deps, { conversationId, senderId, receiverId, content, sentAfterWarning: screened.sentAfterWarning });
  return { conversationId };
}

/** Who may subscribe to `conversation:{id}` (docs/engineering.md §5): its participants, nobody else. */
export async function isConversationParticipant(db: Db, userId: string, conversationId: string): Promise<boolean> {
  return (await getConversationAccess(db, userId, conversationId)) !== undefined;
}

/**
 * An auction's id, title, host and winner, or undefined for no such auction: who may talk about
 * it, as the messages policy reads it. Other modules (a date's refusals) read it through this,
 * never through messages.repository.ts (docs/architecture.md, "Folders of the server").
 */
export function findAuctionHostAndWinner(db: Db, auctionId: string) {
  return findAuctionParties(db, auctionId);
}

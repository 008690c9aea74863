import type { Message } from '../../db/schema/index.js';
import type { ConversationSummaryRow } from './messages.repository.js';

/** A message as the API shows it (docs/product.md §3 messages). */
export function presentMessage(message: Message) {
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    receiverId: message.receiverId,
    content: message.content,
    isRead: message.isRead,
    createdAt: message.createdAt.toISOString(),
    sentAfterWarning: message.sentAfterWarning,
  };
}

export type PresentedMessage = ReturnType<typeof presentMessage>;

/** docs/product.md §3 conversation summary: conversationId, otherUser, lastMessage; plus unread count and auction. */
export function presentConversationSummary(row: ConversationSummaryRow) {
  return {
    conversationId: row.conversation_id,
    otherUser: {
      id: row.other_id,
      firstName: row.other_first_name,
      lastName: row.other_last_name,
      profileImageUrl: row.other_profile_image_url,
    },
    lastMessage: {
      id: row.message_id,
      content: row.content,
      senderId: row.sender_id,
      createdAt: new Date(row.created_at).toISOString(),
      isRead: row.is_read,
    },
    unreadCount: Number(row.unread_count),
    ...(row.auction_id && row.auction_title !== null
      ? { auction: { id: row.auction_id, title: row.auction_title } }
      : {}),
  };
}

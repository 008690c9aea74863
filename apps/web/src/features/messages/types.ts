import type { ChatMessageView } from '@bid/contract';

/** The other person in a conversation, as GET /api/conversations shows them. */
export interface ChatUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** docs/product.md §3 messages (the contract's shape, which `new_message` carries too). */
export type ChatMessage = ChatMessageView;

/** docs/product.md §3 conversation summary, with the unread count and, for an auction chat, the auction. */
export interface ConversationSummary {
  conversationId: string;
  otherUser: ChatUser;
  lastMessage: Pick<ChatMessage, 'id' | 'content' | 'senderId' | 'createdAt' | 'isRead'>;
  unreadCount: number;
  auction?: { id: string; title: string };
}

/** Full name for the chat screens, or 'Anonymous' (as docs/product.md §2 names people without one). */
export function fullNameOf(user: Pick<ChatUser, 'firstName' | 'lastName'> | undefined): string {
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return name || 'Anonymous';
}

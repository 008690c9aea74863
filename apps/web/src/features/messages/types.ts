import type { ChatMessageView, ChatUser } from '@bid/contract';

export type { ChatUser, ConversationSummary } from '@bid/contract';

/** docs/product.md §3 messages (the contract's shape, which `new_message` carries too). */
export type ChatMessage = ChatMessageView;

/** Full name for the chat screens, or 'Anonymous' (as docs/product.md §2 names people without one). */
export function fullNameOf(user: Pick<ChatUser, 'firstName' | 'lastName'> | undefined): string {
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return name || 'Anonymous';
}

import { POLL_INTERVAL_MS } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '../types';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;
export const UNREAD_COUNT_KEY = ['/api/conversations/unread-count'] as const;

/** GET /api/conversations: newest activity first; read again every 30 s (docs/product.md §9 polling). */
export function conversationsQueryOptions() {
  return queryOptions<ConversationSummary[]>({ queryKey: CONVERSATIONS_KEY, refetchInterval: POLL_INTERVAL_MS });
}

export function useConversations(enabled = true) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

/** GET /api/conversations/unread-count → {count}: messages to me not read yet; polled every 30 s. */
export function useUnreadMessageCount(enabled = true) {
  return useQuery<{ count: number }>({ queryKey: UNREAD_COUNT_KEY, refetchInterval: POLL_INTERVAL_MS, enabled });
}

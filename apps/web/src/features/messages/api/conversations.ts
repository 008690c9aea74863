import { POLL_INTERVAL_MS } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/apiClient';

/**
 * The conversation list's key. A conversation's messages are read under it too (the key of
 * `listConversationMessages` starts with this one), so refreshing the list alone needs `exact: true`.
 */
export const CONVERSATIONS_KEY = apiQueryKey('listConversations', {});
export const UNREAD_COUNT_KEY = apiQueryKey('countUnreadMessages', {});

/** GET /api/conversations: newest activity first; read again every 30 s (docs/product.md §9 polling). */
export function conversationsQueryOptions() {
  return queryOptions({ ...apiQuery('listConversations', {}), refetchInterval: POLL_INTERVAL_MS });
}

export function useConversations(enabled = true) {
  return useQuery({ ...conversationsQueryOptions(), enabled });
}

/** GET /api/conversations/unread-count → {count}: messages to me not read yet; polled every 30 s. */
export function useUnreadMessageCount(enabled = true) {
  return useQuery({ ...apiQuery('countUnreadMessages', {}), refetchInterval: POLL_INTERVAL_MS, enabled });
}

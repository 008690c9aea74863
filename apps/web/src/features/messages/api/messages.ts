import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, apiQuery, apiQueryKey } from '@/lib/apiClient';
import type { ChatMessage } from '../types';
import { CONVERSATIONS_KEY, UNREAD_COUNT_KEY } from './conversations';

/**
 * How often an open conversation is read again: a fallback for live `new_message` events
 * (docs/product.md §4 Chat) missed while the socket reconnects; see docs/messaging.md.
 */
export const OPEN_CONVERSATION_POLL_MS = 5_000;

/** GET /api/conversations/{id}/messages: the endpoint's wildcard is the rest of the path. */
const messagesInput = (conversationId: string) => ({
  params: { '*': `${conversationId}/messages` },
  query: {},
});

export const messagesKey = (conversationId: string) =>
  apiQueryKey('listConversationMessages', messagesInput(conversationId));

/** GET /api/conversations/{id}/messages: the latest messages, oldest first; the server marks mine read. */
export function useConversationMessages(conversationId: string | undefined) {
  return useQuery({
    ...apiQuery('listConversationMessages', messagesInput(conversationId ?? '')),
    enabled: Boolean(conversationId),
    refetchInterval: OPEN_CONVERSATION_POLL_MS,
  });
}

/** Adds a message to an open conversation's cache once (a poll or a live event may bring it too). */
export function appendMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessage[]>(messagesKey(message.conversationId), (old) =>
    old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
  );
}

export interface SendMessageVariables {
  conversationId: string;
  receiverId: string;
  content: string;
  /** Send although screening asked "Are you sure?" (docs/trust-and-safety.md "Screening"). */
  confirmed?: true;
}

/** POST /api/messages {conversationId, receiverId, content}; content trimmed (docs/product.md §5 Chat). */
export function sendMessage(variables: SendMessageVariables): Promise<ChatMessage> {
  return api('sendMessage', { body: { ...variables, content: variables.content.trim() } });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: async (message) => {
      appendMessage(queryClient, message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/apiClient';
import { CONVERSATIONS_KEY } from './conversations';

export interface StartConversationVariables {
  receiverId: string;
  message: string;
}

/** POST /api/conversations/start {receiverId, message} → {conversationId} (docs/product.md §7). */
export function startConversation(variables: StartConversationVariables) {
  return api('startConversation', {
    body: { receiverId: variables.receiverId, message: variables.message.trim() },
  });
}

/** docs/product.md §4 Chat: after starting a conversation the list is read again. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true }),
  });
}

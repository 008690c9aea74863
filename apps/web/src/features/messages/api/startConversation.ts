import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { CONVERSATIONS_KEY } from './conversations';

export interface StartConversationVariables {
  receiverId: string;
  message: string;
}

/** POST /api/conversations/start {receiverId, message} → {conversationId} (docs/product.md §7). */
export async function startConversation(variables: StartConversationVariables): Promise<{ conversationId: string }> {
  const res = await apiRequest('POST', '/api/conversations/start', {
    receiverId: variables.receiverId,
    message: variables.message.trim(),
  });
  return (await res.json()) as { conversationId: string };
}

/** docs/product.md §4 Chat: after starting a conversation the list is read again. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}

import { defineRoutes } from '../endpoint.js';

/** Conversations and messages (docs/messaging.md): the signed-in member's own. */
export const messagesRoutes = defineRoutes({
  listConversations: {
    method: 'GET',
    path: '/api/conversations',
    access: 'member',
    summary: "The member's conversations, newest activity first, with unread counts.",
  },
  countUnreadMessages: {
    method: 'GET',
    path: '/api/conversations/unread-count',
    access: 'member',
    summary: 'How many messages to the member are not read yet.',
  },
  // `*` is `{conversationId}/messages`: an auction chat's id is longer than the router allows a
  // path parameter to be, so the rest of the path is one wildcard the route splits.
  listConversationMessages: {
    method: 'GET',
    path: '/api/conversations/*',
    access: 'member',
    summary:
      'A page of a conversation (`{conversationId}/messages`), oldest first; marks what was sent to the member read.',
  },
  sendMessage: {
    method: 'POST',
    path: '/api/messages',
    access: 'member',
    summary: 'Send a message in a conversation the member is in.',
  },
  startConversation: {
    method: 'POST',
    path: '/api/conversations/start',
    access: 'member',
    summary: 'Send the first (or next) message of a direct conversation with another member.',
  },
});

import { defineRoutes } from '../endpoint.js';

/** Conversations and messages (docs/messaging.md): the signed-in member's own. */
export const messagesRoutes = defineRoutes({
  listConversations: {
    method: 'GET',
    path: '/api/conversations',
    access: 'member',
  },
  countUnreadMessages: {
    method: 'GET',
    path: '/api/conversations/unread-count',
    access: 'member',
  },
  // `*` is `{conversationId}/messages`: an auction chat's id is longer than the router allows a
  // path parameter to be, so the rest of the path is one wildcard the route splits.
  listConversationMessages: {
    method: 'GET',
    path: '/api/conversations/*',
    access: 'member',
  },
  sendMessage: {
    method: 'POST',
    path: '/api/messages',
    access: 'member',
  },
  startConversation: {
    method: 'POST',
    path: '/api/conversations/start',
    access: 'member',
  },
});

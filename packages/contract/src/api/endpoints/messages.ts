import { z } from 'zod';
import {
  conversationPageQuerySchema,
  conversationPathParamsSchema,
  conversationSummarySchema,
  sendMessageBodySchema,
  startConversationBodySchema,
  startedConversationSchema,
  unreadCountSchema,
} from '../../message-schemas.js';
import { chatMessageSchema } from '../../realtime-schemas.js';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { messagesRoutes as routes } from '../routes/messages.js';

/**
 * Conversations and messages (docs/messaging.md). Sending answers 404 for a conversation the
 * member may not write in, 403 when one of the two blocked the other or the receiver's account is
 * deleted, 400 for an empty, too long or refused message, 409 `confirm_send` when screening asks
 * "Are you sure?" (docs/trust-and-safety.md "Screening"), 429 past the sending limit.
 */
export const messagesEndpoints = {
  listConversations: defineEndpoint(routes.listConversations, {
    summary: "The member's conversations, newest activity first, with unread counts.",
    responses: { 200: z.array(conversationSummarySchema) },
    errors: [],
  }),
  countUnreadMessages: defineEndpoint(routes.countUnreadMessages, {
    summary: 'How many messages to the member are not read yet.',
    responses: { 200: unreadCountSchema },
    errors: [],
  }),
  // Only `{conversationId}/messages` names something; any other rest of the path is a 404. The
  // `X-Has-More` header says whether older messages remain (the page's `before` reads them).
  listConversationMessages: defineEndpoint(routes.listConversationMessages, {
    summary:
      'A page of a conversation (`{conversationId}/messages`), oldest first; marks what was sent to the member read.',
    params: conversationPathParamsSchema,
    query: conversationPageQuerySchema,
    responses: { 200: z.array(chatMessageSchema) },
    errors: ['not_found', 'bad_request'],
  }),
  sendMessage: defineEndpoint(routes.sendMessage, {
    summary: 'Send a message in a conversation the member is in.',
    body: sendMessageBodySchema,
    responses: { 201: chatMessageSchema },
    errors: ['not_found', 'bad_request', 'forbidden', 'confirm_send'],
  }),
  startConversation: defineEndpoint(routes.startConversation, {
    summary: 'Send the first (or next) message of a direct conversation with another member.',
    body: startConversationBodySchema,
    responses: { 201: startedConversationSchema },
    errors: ['not_found', 'bad_request', 'forbidden', 'confirm_send'],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;

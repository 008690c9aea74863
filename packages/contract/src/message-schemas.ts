import { z } from 'zod';
import { chatMessageSchema } from './realtime-schemas.js';

/** A body that is not a JSON object is read as one with no fields, as the use cases always did. */
const fieldsOf = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/**
 * POST /api/messages {conversationId, receiverId, content}. Only the shape is declared here: the
 * use case answers an unknown conversation (404) before it looks at the receiver or the content
 * (docs/product.md §5 Chat), so it checks the fields itself, in that order.
 */
export const sendMessageBodySchema = z.preprocess(
  fieldsOf,
  z.object({
    conversationId: z.unknown().optional(),
    receiverId: z.unknown().optional(),
    content: z.unknown().optional(),
    /** true: send although screening asked "Are you sure?" (docs/trust-and-safety.md "Screening"). */
    confirmed: z.unknown().optional(),
  }),
);
export type SendMessageBody = z.output<typeof sendMessageBodySchema>;

/**
 * POST /api/conversations/start {receiverId, message}: a missing receiver is the first answer; the
 * use case then answers a malformed or unknown one 404 before it looks at the message, so it
 * checks the rest itself, in that order.
 */
export const startConversationBodySchema = z.preprocess(
  fieldsOf,
  z
    .object({ receiverId: z.unknown().optional(), message: z.unknown().optional(), confirmed: z.unknown().optional() })
    .refine((body) => body.receiverId !== undefined && body.receiverId !== null && body.receiverId !== '', {
      error: 'Please select a user',
      path: ['receiverId'],
    }),
);
export type StartConversationBody = z.output<typeof startConversationBodySchema>;

/**
 * GET /api/conversations/{conversationId}/messages: the rest of the path after
 * /api/conversations/ (an auction chat's id is longer than the router allows a parameter to be).
 */
export const conversationPathParamsSchema = z.object({ '*': z.string() });

/**
 * Its `?before&limit`. Only the shape is declared here: the use case answers an unknown
 * conversation (404) before it reads the page it asks for, so it parses the page itself.
 */
export const conversationPageQuerySchema = z.object({ before: z.unknown().optional(), limit: z.unknown().optional() });
export type ConversationPageQuery = z.output<typeof conversationPageQuerySchema>;

/** The other person in a conversation, as GET /api/conversations shows them. */
export const chatUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** docs/product.md §3 conversation summary, with the unread count and, for an auction chat, the auction. */
export const conversationSummarySchema = z.object({
  conversationId: z.string(),
  otherUser: chatUserSchema,
  lastMessage: chatMessageSchema.pick({ id: true, content: true, senderId: true, createdAt: true, isRead: true }),
  unreadCount: z.number(),
  auction: z.object({ id: z.string(), title: z.string() }).optional(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations/unread-count and GET /api/notifications/count. */
export const unreadCountSchema = z.object({ count: z.number() });

/** POST /api/conversations/start answers the conversation the message went to. */
export const startedConversationSchema = z.object({ conversationId: z.string() });

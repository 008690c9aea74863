import { z } from 'zod';
import { UUID_PATTERN } from './ids.js';
import { CONVERSATION_ID_PATTERN, NOT_AUTHENTICATED, parseChannel, WS_MAX_IDS_PER_MESSAGE } from './realtime.js';

/**
 * The schemas of the WebSocket protocol (realtime.ts) and the parsers built on them. Kept apart
 * from realtime.ts so a page that only opens a socket does not load zod (docs/performance.md,
 * "Initial JavaScript"); the server and the tests import them from the package as usual, the
 * web app through `@bid/contract/realtime-schemas` when the first broadcast arrives.
 */

// ---- client → server ----------------------------------------------------------------------------

const AUCTION_ID_MESSAGE = 'auctionId must be an auction id.';
const AUCTION_IDS_MESSAGE = `auctionIds must be at most ${WS_MAX_IDS_PER_MESSAGE} auction ids.`;
const CONVERSATION_ID_MESSAGE = 'conversationId must be a conversation id.';
const UNKNOWN_CHANNEL_MESSAGE = 'Unknown channel.';

const auctionIdField = z.string({ error: AUCTION_ID_MESSAGE }).regex(UUID_PATTERN, { error: AUCTION_ID_MESSAGE });

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** Only confirms what the cookie said; identity never comes from a message (docs/engineering.md §5). */
  z.object({ type: z.literal('authenticate'), userId: z.string({ error: NOT_AUTHENTICATED }) }),
  z.object({ type: z.literal('subscribe_auction'), auctionId: auctionIdField }),
  /** An extension of docs/product.md §7: a list page follows its auctions in one frame. */
  z.object({
    type: z.literal('subscribe_auctions'),
    auctionIds: z
      .array(z.string({ error: AUCTION_IDS_MESSAGE }).regex(UUID_PATTERN, { error: AUCTION_IDS_MESSAGE }), {
        error: AUCTION_IDS_MESSAGE,
      })
      .max(WS_MAX_IDS_PER_MESSAGE, { error: AUCTION_IDS_MESSAGE }),
  }),
  z.object({
    type: z.literal('subscribe_conversation'),
    conversationId: z
      .string({ error: CONVERSATION_ID_MESSAGE })
      .regex(CONVERSATION_ID_PATTERN, { error: CONVERSATION_ID_MESSAGE }),
  }),
  z.object({
    type: z.literal('unsubscribe'),
    channel: z
      .string({ error: UNKNOWN_CHANNEL_MESSAGE })
      .refine((channel) => parseChannel(channel) !== null, { error: UNKNOWN_CHANNEL_MESSAGE })
      .transform((channel) => parseChannel(channel)!.name),
  }),
  z.object({ type: z.literal('ping') }),
]);

/** A frame the browser sends, as the server reads it (ids checked, an unsubscribe's channel normalised). */
export type ClientMessage = z.output<typeof clientMessageSchema>;
/** What the browser may build and send. */
export type ClientMessageInput = z.input<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];

const CLIENT_TYPES: ReadonlySet<string> = new Set<ClientMessageType>([
  'authenticate',
  'subscribe_auction',
  'subscribe_auctions',
  'subscribe_conversation',
  'unsubscribe',
  'ping',
]);

/** Parses one client frame; `error` is what the client is told when it is not a message we take. */
export function parseClientMessage(text: string): { message: ClientMessage } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'Messages must be JSON.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: 'Messages must be JSON objects with a type.' };
  }
  const type = (parsed as { type?: unknown }).type;
  if (typeof type !== 'string' || !CLIENT_TYPES.has(type)) {
    // A type that is not a string is not echoed: `String({})` would answer "[object Object]".
    return {
      error:
        typeof type === 'string' ? `Unsupported message type: ${type.slice(0, 40)}` : 'Messages need a string type.',
    };
  }
  const result = clientMessageSchema.safeParse(parsed);
  if (!result.success) return { error: result.error.issues[0]?.message ?? 'Invalid message.' };
  return { message: result.data };
}

// ---- server → client ----------------------------------------------------------------------------

const uuid = z.string().regex(UUID_PATTERN);
/** Amounts are money strings ("45.00"), never floats. */
const money = z.string().regex(/^\d+\.\d{2}$/);
const isoTime = z.iso.datetime();

/** A chat message as the API shows it (docs/product.md §3 messages). */
export const chatMessageSchema = z.object({
  id: uuid,
  conversationId: z.string().regex(CONVERSATION_ID_PATTERN),
  senderId: uuid,
  receiverId: uuid,
  content: z.string(),
  isRead: z.boolean(),
  createdAt: isoTime,
  /** Sent after the sender confirmed screening's "Are you sure?" (docs/trust-and-safety.md "Screening"). */
  sentAfterWarning: z.boolean().optional(),
});
export type ChatMessageView = z.infer<typeof chatMessageSchema>;

/**
 * After a bid commits, after Buy Now and after a moderator voids bids: the auction as it now
 * stands. Pages ignore one whose `bidCount` is below what they show (events from two instances
 * may interleave).
 */
const bidUpdate = z.object({
  type: z.literal('bid_update'),
  auctionId: uuid,
  newBid: money,
  bidCount: z.number().int().nonnegative(),
  endTime: isoTime,
  /** False after Buy Now: the auction ended with this purchase. */
  isActive: z.boolean(),
  /** The buyer after Buy Now; null while the auction is open. */
  winnerId: uuid.nullable(),
  /** Whether the host's reserve price is met ("Reserve met", heard live); absent without a reserve. */
  reserveMet: z.boolean().optional(),
});

/** After the closing job closed the auction, or a runner-up accepted the date it was offered. */
const auctionClosed = z.object({
  type: z.literal('auction_closed'),
  auctionId: uuid,
  isActive: z.literal(false),
  winnerId: uuid.nullable(),
  /** False when it ended below its reserve price (so no winner); absent without a reserve. */
  reserveMet: z.boolean().optional(),
});

/** To the member who led before a bid (their own channel): the toast "You've been outbid". */
const outbid = z.object({
  type: z.literal('outbid'),
  auctionId: uuid,
  newBid: money,
  /** The least they may bid now to lead again. */
  minimumBid: money,
});

/** On a user's channel: their notifications changed; the bell reads again. Carries no document. */
const notificationsChanged = z.object({ type: z.literal('notifications_changed') });

/** On the host's and the winner's channels: their date changed; the date's pages read it again. */
const dateUpdated = z.object({ type: z.literal('date_updated'), auctionId: uuid });

/**
 * A message posted in a conversation. One too large for the bus goes out as its ids alone with
 * `truncated: true` (the hub does that); the page reads the conversation again.
 */
const newMessage = z.object({
  type: z.literal('new_message'),
  message: z.union([chatMessageSchema, z.object({ id: uuid, conversationId: z.string() })]),
  truncated: z.literal(true).optional(),
});

const BROADCASTS = [bidUpdate, auctionClosed, outbid, notificationsChanged, dateUpdated, newMessage] as const;

/** What the server's use cases publish on a channel (the hub adds `channel` when it sends it). */
export const serverBroadcastSchema = z.discriminatedUnion('type', BROADCASTS);
export type ServerBroadcast = z.infer<typeof serverBroadcastSchema>;
export type ServerBroadcastType = ServerBroadcast['type'];

const onChannel = { channel: z.string() };

/** The answers to one socket's own frames. */
const REPLIES = [
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('authenticated'), userId: z.string() }),
  z.object({ type: z.literal('pong'), authenticated: z.boolean() }),
  z.object({ type: z.literal('error'), message: z.string(), channel: z.string().optional() }),
] as const;
export const serverReplySchema = z.discriminatedUnion('type', REPLIES);
export type ServerReply = z.infer<typeof serverReplySchema>;

/** Every frame the server sends: a broadcast with the `channel` it was published on, or an answer. */
export const serverEventSchema = z.discriminatedUnion('type', [
  bidUpdate.extend(onChannel),
  auctionClosed.extend(onChannel),
  outbid.extend(onChannel),
  notificationsChanged.extend(onChannel),
  dateUpdated.extend(onChannel),
  newMessage.extend(onChannel),
  ...REPLIES,
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
/** A broadcast as the browser receives it. */
export type ServerBroadcastEvent = Extract<ServerEvent, { type: ServerBroadcastType }>;

/** Reads one server frame; null for anything that is not a `ServerEvent` (the web app ignores it). */
export function parseServerEvent(text: string): ServerEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = serverEventSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

import { isUuid, UUID_SOURCE } from './ids.js';
import { REALTIME_CLOSE_SERVICE_RESTART } from './constants.js';
import type { ServerBroadcastType, ServerReply } from './realtime-schemas.js';

/**
 * The WebSocket protocol at /ws (docs/realtime.md, docs/product.md §7): what the browser sends
 * (`ClientMessage`), what the server sends (`ServerEvent`: broadcasts on a channel and answers to
 * one socket), the channel names and the limits. This file holds what needs no zod; the schemas
 * and their parsers are in realtime-schemas.ts. The server parses every incoming frame with
 * `parseClientMessage`; the web app parses every broadcast with `parseServerEvent` and ignores
 * what does not fit. A new event type is added here first (docs/architecture.md).
 */

// ---- limits (docs/realtime.md, "Limits"; docs/engineering.md §5) --------------------------------

/** Largest client frame accepted; the protocol's messages are a few ids. Larger frames close the socket (1009). */
export const WS_MAX_PAYLOAD_BYTES = 4 * 1024;
/** Frames a socket may send per second; more are refused with an error. */
export const WS_MAX_MESSAGES_PER_SECOND = 20;
/** Seconds in a row over the rate after which the socket is closed with 1008 (policy violation). */
export const WS_RATE_STRIKES_BEFORE_CLOSE = 3;
/** A burst this many times the rate within one second closes the socket at once. */
export const WS_FLOOD_FACTOR = 5;
/** Auction ids in one `subscribe_auctions` frame at most (a page of auctions in one frame). */
export const WS_MAX_IDS_PER_MESSAGE = 50;
/** Channels one socket may hold (auction and conversation ones; its own user channel is not counted). */
export const WS_MAX_SUBSCRIPTIONS = 100;
/** A socket whose unsent data passes this is too slow to follow and is dropped (it reconnects and refetches). */
export const WS_MAX_BUFFERED_BYTES = 1024 * 1024;
/** How often sockets are pinged; one that has not answered the previous ping is dropped. */
export const WS_HEARTBEAT_MS = 30_000;
/** Open sockets one session may hold (tabs of one browser); the next is closed at once. */
export const WS_MAX_SOCKETS_PER_SESSION = 10;
/** Open sockets one member may hold on one instance across all their sessions and devices. */
export const WS_MAX_SOCKETS_PER_USER = 30;
/**
 * Open sockets visitors (no session) may hold from one client address on one instance: the
 * members' caps above do not reach them, and each socket may hold WS_MAX_SUBSCRIPTIONS channels.
 */
export const WS_MAX_VISITOR_SOCKETS_PER_ADDRESS = 30;

/** Close codes the server uses. */
export const WS_CLOSE = {
  policyViolation: 1008,
  goingAway: 1001,
  /** A graceful restart (RFC 6455 registry): reconnect at once, another instance answers. */
  serviceRestart: REALTIME_CLOSE_SERVICE_RESTART,
  signedOut: 4001,
} as const;

export const NOT_AUTHENTICATED = 'Not authenticated';

// ---- ids and channels ---------------------------------------------------------------------------

/**
 * A conversation id (the messaging module): two participant uuids (a direct chat) or an
 * auction uuid and two participant uuids, joined with hyphens. Only the shape is checked here;
 * the server's conversation authorizer decides who may follow it.
 */
export const CONVERSATION_ID_PATTERN = new RegExp(`^(?:${UUID_SOURCE}-){0,2}${UUID_SOURCE}$`, 'i');

export function isConversationId(value: unknown): value is string {
  return typeof value === 'string' && CONVERSATION_ID_PATTERN.test(value);
}

export type ChannelKind = 'auction' | 'conversation' | 'user';
/** `auction:{id}` (public), `conversation:{id}` (its two participants), `user:{id}` (that member's sockets). */
export type Channel = `auction:${string}` | `conversation:${string}` | `user:${string}`;

export const auctionChannel = (auctionId: string) => `auction:${auctionId.toLowerCase()}` as const;
export const conversationChannel = (conversationId: string) => `conversation:${conversationId.toLowerCase()}` as const;
export const userChannel = (userId: string) => `user:${userId.toLowerCase()}` as const;

/** `auction:{uuid}`, `conversation:{conversation id}` or `user:{uuid}`, normalised to lower case; null for anything else. */
export function parseChannel(channel: unknown): { kind: ChannelKind; id: string; name: Channel } | null {
  if (typeof channel !== 'string') return null;
  const colon = channel.indexOf(':');
  if (colon < 0) return null;
  const kind = channel.slice(0, colon);
  const id = channel.slice(colon + 1);
  if (kind !== 'auction' && kind !== 'conversation' && kind !== 'user') return null;
  if (!(kind === 'conversation' ? isConversationId(id) : isUuid(id))) return null;
  const lower = id.toLowerCase();
  return { kind, id: lower, name: `${kind}:${lower}` };
}

// ---- server → client ----------------------------------------------------------------------------

/**
 * The `type` of every broadcast (`ServerBroadcast`); every other frame the server sends answers
 * one of the socket's own. The web app loads the broadcast parser (and zod with it) when the
 * first of these arrives, not with the page (docs/performance.md, "Initial JavaScript").
 */
export const SERVER_BROADCAST_TYPES: ReadonlySet<string> = new Set<ServerBroadcastType>([
  'bid_update',
  'auction_closed',
  'outbid',
  'notifications_changed',
  'date_updated',
  'new_message',
]);

/** The `type` of every answer to one socket's own frames (`ServerReply`). */
export const SERVER_REPLY_TYPES: ReadonlySet<string> = new Set<ServerReply['type']>([
  'subscribed',
  'unsubscribed',
  'authenticated',
  'pong',
  'error',
]);

export type {
  ChatMessageView,
  ClientMessage,
  ClientMessageInput,
  ClientMessageType,
  ServerBroadcast,
  ServerBroadcastEvent,
  ServerBroadcastType,
  ServerEvent,
  ServerReply,
} from './realtime-schemas.js';

/**
 * The WebSocket protocol of docs/product.md §7 and its bounds (docs/realtime.md). Pure functions only:
 * the hub decides, this file reads.
 */

import { isUuid, REALTIME_CLOSE_SERVICE_RESTART, UUID_SOURCE } from '@bid/contract';

/** Largest client message accepted; the protocol's messages are a few ids. Larger frames close the socket (1009). */
export const WS_MAX_PAYLOAD_BYTES = 4 * 1024;
/** Messages a socket may send per second; more are refused with an error. */
export const WS_MAX_MESSAGES_PER_SECOND = 20;
/** Seconds in a row over the rate after which the socket is closed with 1008 (policy violation). */
export const WS_RATE_STRIKES_BEFORE_CLOSE = 3;
/** A burst this many times the rate within one second closes the socket at once. */
export const WS_FLOOD_FACTOR = 5;
/** Auction ids in one `subscribe_auctions` message at most (a page of auctions in one frame). */
export const WS_MAX_IDS_PER_MESSAGE = 50;
/** Channels one socket may hold (auction and conversation ones; its own user channel is not counted). */
export const WS_MAX_SUBSCRIPTIONS = 100;
/** A socket whose unsent data passes this is too slow to follow and is dropped (it reconnects and refetches). */
export const WS_MAX_BUFFERED_BYTES = 1024 * 1024;
/** How often sockets are pinged; one that has not answered the previous ping is dropped. */
export const WS_HEARTBEAT_MS = 30_000;

/** Open sockets one session may hold (tabs of one browser); the next is closed at once (docs/realtime.md). */
export const WS_MAX_SOCKETS_PER_SESSION = 10;
/** Open sockets one member may hold on one instance across all their sessions and devices. */
export const WS_MAX_SOCKETS_PER_USER = 30;

/** Close codes the server uses. */
export const WS_CLOSE = {
  policyViolation: 1008,
  goingAway: 1001,
  /** A graceful restart (RFC 6455 registry): reconnect at once, another instance answers. */
  serviceRestart: REALTIME_CLOSE_SERVICE_RESTART,
  signedOut: 4001,
} as const;

export const NOT_AUTHENTICATED = 'Not authenticated';

/**
 * A conversation id (packages/contract conversation-id.ts): two participant uuids (a direct
 * chat) or an auction uuid and two participant uuids, joined with hyphens. Only the shape is
 * checked here; the conversation authorizer decides who may follow it.
 */
const CONVERSATION_ID_PATTERN = new RegExp(`^(?:${UUID_SOURCE}-){1,2}${UUID_SOURCE}$`, 'i');

export function isConversationId(value: unknown): value is string {
  return typeof value === 'string' && (isUuid(value) || CONVERSATION_ID_PATTERN.test(value));
}

export type ChannelKind = 'auction' | 'conversation' | 'user';

export const auctionChannel = (id: string) => `auction:${id.toLowerCase()}`;
export const conversationChannel = (id: string) => `conversation:${id.toLowerCase()}`;
export const userChannel = (id: string) => `user:${id.toLowerCase()}`;

/** `auction:{uuid}`, `conversation:{conversation id}` or `user:{uuid}`, normalised to lower case; null for anything else. */
export function parseChannel(channel: unknown): { kind: ChannelKind; id: string; name: string } | null {
  if (typeof channel !== 'string') return null;
  const colon = channel.indexOf(':');
  if (colon < 0) return null;
  const kind = channel.slice(0, colon);
  const id = channel.slice(colon + 1);
  if (kind !== 'auction' && kind !== 'conversation' && kind !== 'user') return null;
  if (!(kind === 'conversation' ? isConversationId(id) : isUuid(id))) return null;
  return { kind, id: id.toLowerCase(), name: `${kind}:${id.toLowerCase()}` };
}

export type ClientMessage =
  | { type: 'authenticate'; userId: unknown }
  | { type: 'subscribe_auction'; auctionId: unknown }
  | { type: 'subscribe_auctions'; auctionIds: unknown }
  | { type: 'subscribe_conversation'; conversationId: unknown }
  | { type: 'unsubscribe'; channel: unknown }
  | { type: 'ping' };

const CLIENT_TYPES = new Set([
  'authenticate',
  'subscribe_auction',
  'subscribe_auctions',
  'subscribe_conversation',
  'unsubscribe',
  'ping',
]);

/** Parses one client frame; `error` is what the client is told when it is not a message we know. */
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
  return { message: parsed as ClientMessage };
}

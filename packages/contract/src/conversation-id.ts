import { UUID_SOURCE } from './ids.js';

/**
 * Conversation ids (docs/product.md §3). An auction chat's id is the auction id followed by the two
 * participants' ids, sorted and joined with hyphens; a direct chat (started from the Messages
 * page) is the two participants' ids alone, sorted and joined with a hyphen. Ids are parsed
 * strictly: lower-case uuids, participants different and in sorted order, nothing else. Any
 * other string names no conversation. The server and the web app share this module.
 */
const CONVERSATION_PATTERN = new RegExp(`^(?:(${UUID_SOURCE})-)?(${UUID_SOURCE})-(${UUID_SOURCE})$`);

export type ConversationRef =
  | { kind: 'direct'; conversationId: string; participants: [string, string] }
  | { kind: 'auction'; conversationId: string; auctionId: string; participants: [string, string] };

function sortedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export function directConversationId(a: string, b: string): string {
  return sortedPair(a, b).join('-');
}

export function auctionConversationId(auctionId: string, a: string, b: string): string {
  return `${auctionId}-${sortedPair(a, b).join('-')}`;
}

/** The parts of a well-formed conversation id, or `undefined` for anything else. */
export function parseConversationId(value: unknown): ConversationRef | undefined {
  if (typeof value !== 'string') return undefined;
  const match = CONVERSATION_PATTERN.exec(value);
  if (!match) return undefined;
  const [, auctionId, first, second] = match as unknown as [string, string | undefined, string, string];
  // One canonical spelling per pair: sorted, and nobody talks to themselves.
  if (!(first < second)) return undefined;
  const participants: [string, string] = [first, second];
  return auctionId === undefined
    ? { kind: 'direct', conversationId: value, participants }
    : { kind: 'auction', conversationId: value, auctionId, participants };
}

/** The auction an auction chat is about; undefined for a direct chat or any other string. */
export function auctionIdOfConversation(conversationId: string): string | undefined {
  const ref = parseConversationId(conversationId);
  return ref?.kind === 'auction' ? ref.auctionId : undefined;
}

/** The participant of `ref` who is not `userId`, or `undefined` when `userId` is not in it. */
export function otherParticipant(ref: ConversationRef, userId: string): string | undefined {
  const [a, b] = ref.participants;
  if (userId === a) return b;
  if (userId === b) return a;
  return undefined;
}

import {
  BLOCKED_MESSAGE_MESSAGE,
  type ConversationRef,
  otherParticipant,
  parseConversationId,
  RECIPIENT_DELETED_MESSAGE,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { isBlockedBetween } from '../blocks/blocks.service.js';
import { findAuctionParties, findChatUser } from './messages.repository.js';
import { isAccountDeleted } from '../account/account.service.js';

export interface ConversationAccess {
  ref: ConversationRef;
  otherUserId: string;
  /** Set for an auction chat. */
  auction?: { id: string; title: string };
}

/**
 * Whether `userId` is in `conversationId`, and who the other person is. An auction chat exists
 * only between the auction's creator and its winner, once there is one (docs/product.md §1, §6); a direct
 * chat between two different existing users. `undefined` for everything else: malformed ids,
 * outsiders, auctions without that pair, so that callers answer 404 without confirming an id.
 */
export async function getConversationAccess(
  db: Db,
  userId: string,
  conversationId: unknown,
): Promise<ConversationAccess | undefined> {
  const ref = parseConversationId(conversationId);
  if (!ref) return undefined;
  const otherUserId = otherParticipant(ref, userId);
  if (!otherUserId) return undefined;

  if (ref.kind === 'auction') {
    const auction = await findAuctionParties(db, ref.auctionId);
    if (!auction?.winnerId || auction.winnerId === auction.creatorId) return undefined;
    const pair = [auction.creatorId, auction.winnerId].sort();
    if (pair[0] !== ref.participants[0] || pair[1] !== ref.participants[1]) return undefined;
    return { ref, otherUserId, auction: { id: auction.id, title: auction.title } };
  }

  const other = await findChatUser(db, otherUserId);
  return other ? { ref, otherUserId } : undefined;
}

/**
 * The one place that decides whether `senderId` may send `receiverId` a message in
 * `conversationId`. Blocks and other trust-and-safety rules belong here, so every way of
 * sending (POST /api/messages, POST /api/conversations/start) obeys them.
 */
export async function canMessage(
  db: Db,
  senderId: string,
  receiverId: string,
  conversationId: string,
): Promise<boolean> {
  if (senderId === receiverId) return false;
  const access = await getConversationAccess(db, senderId, conversationId);
  return access !== undefined && access.otherUserId === receiverId;
}

/**
 * Blocks (docs/trust-and-safety.md): when either member blocked the other, neither may message
 * or start a conversation with the other. Checked after `canMessage`, so an outsider still gets
 * the 404 and only the two members of a real conversation learn of the block.
 */
export async function assertNotBlocked(db: Db, senderId: string, receiverId: string): Promise<void> {
  if (await isBlockedBetween(db, senderId, receiverId)) throw forbidden(BLOCKED_MESSAGE_MESSAGE);
}

/** A deleted account (docs/trust-and-safety.md) keeps its conversations for the other party, who can no longer write to it. */
export async function assertReceiverNotDeleted(db: Db, receiverId: string): Promise<void> {
  if (await isAccountDeleted(db, receiverId)) throw forbidden(RECIPIENT_DELETED_MESSAGE);
}

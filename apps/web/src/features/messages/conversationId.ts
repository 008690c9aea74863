/**
 * docs/product.md §3: an auction chat's id is the auction id followed by the two participants' ids,
 * sorted and joined with hyphens. A direct chat (started from the Messages page) is the two
 * sorted ids alone. The server parses the same rule (apps/server/src/modules/messages/
 * conversation-id.ts) and refuses any other spelling.
 */
export function auctionConversationId(auctionId: string, a: string, b: string): string {
  return [auctionId, ...[a, b].sort()].join('-');
}

export function directConversationId(a: string, b: string): string {
  return [a, b].sort().join('-');
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const AUCTION_CONVERSATION = new RegExp(`^(${UUID})-${UUID}-${UUID}$`, 'i');

/** The auction an auction chat is about; undefined for a direct chat. */
export function auctionIdOfConversation(conversationId: string): string | undefined {
  return AUCTION_CONVERSATION.exec(conversationId)?.[1];
}

/**
 * SPEC §3: an auction chat's id is the auction id followed by the two participants' ids,
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

/**
 * An auction chat's id is the auction id followed by the two sorted participant ids
 * (features/messages/conversationId.ts, SPEC §3); a direct chat has only the two participants.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const AUCTION_CONVERSATION = new RegExp(`^(${UUID})-${UUID}-${UUID}$`, 'i');

/** The auction an auction chat is about; undefined for a direct chat. */
export function auctionIdOfConversation(conversationId: string): string | undefined {
  return AUCTION_CONVERSATION.exec(conversationId)?.[1];
}

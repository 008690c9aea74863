import { describe, expect, it } from 'vitest';
import { auctionConversationId, directConversationId } from './conversationId';

const A = '11111111-1111-4111-8111-111111111111';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const AUCTION = '99999999-9999-4999-8999-999999999999';

describe('conversation ids (docs/product.md §3)', () => {
  it('puts the auction id first, then both participants sorted, joined with hyphens', () => {
    expect(auctionConversationId(AUCTION, B, A)).toBe(`${AUCTION}-${A}-${B}`);
    expect(auctionConversationId(AUCTION, A, B)).toBe(`${AUCTION}-${A}-${B}`);
  });

  it('names a direct chat by the sorted pair alone, the same from either side', () => {
    expect(directConversationId(B, A)).toBe(`${A}-${B}`);
    expect(directConversationId(A, B)).toBe(directConversationId(B, A));
  });
});

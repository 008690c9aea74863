import { describe, expect, it } from 'vitest';
import {
  auctionConversationId,
  directConversationId,
  auctionIdOfConversation,
  otherParticipant,
  parseConversationId,
} from './conversation-id.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const AUCTION = '99999999-9999-4999-8999-999999999999';

describe('conversation ids (docs/product.md §3)', () => {
  it('joins the auction id and the sorted participant ids with hyphens, whatever the order given', () => {
    expect(auctionConversationId(AUCTION, B, A)).toBe(`${AUCTION}-${A}-${B}`);
    expect(auctionConversationId(AUCTION, A, B)).toBe(`${AUCTION}-${A}-${B}`);
    expect(auctionConversationId(AUCTION, A, B)).toHaveLength(110);
  });

  it('names a direct chat by the two sorted ids alone', () => {
    expect(directConversationId(B, A)).toBe(`${A}-${B}`);
    expect(directConversationId(A, B)).toBe(`${A}-${B}`);
  });

  it('parses what it builds', () => {
    for (let i = 0; i < 50; i++) {
      const [x, y, auction] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const [low, high] = x < y ? [x, y] : [y, x];
      expect(parseConversationId(directConversationId(x, y))).toEqual({
        kind: 'direct',
        conversationId: `${low}-${high}`,
        participants: [low, high],
      });
      expect(parseConversationId(auctionConversationId(auction, y, x))).toEqual({
        kind: 'auction',
        conversationId: `${auction}-${low}-${high}`,
        auctionId: auction,
        participants: [low, high],
      });
    }
  });

  it.each([
    ['unsorted participants', `${B}-${A}`],
    ['unsorted participants of an auction chat', `${AUCTION}-${B}-${A}`],
    ['the same person twice', `${A}-${A}`],
    ['upper-case ids', `${A}-${'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'.toUpperCase()}`],
    ['one id', A],
    ['three participants and an auction', `${AUCTION}-${A}-${B}-${B}`],
    ['a trailing hyphen', `${A}-${B}-`],
    ['not a uuid', `${A}-not-a-uuid`],
    ['SQL', `${A}' OR '1'='1`],
    ['empty', ''],
  ])('refuses %s', (_label, id) => {
    expect(parseConversationId(id)).toBeUndefined();
  });

  it('refuses values that are not strings', () => {
    expect(parseConversationId(undefined)).toBeUndefined();
    expect(parseConversationId(42)).toBeUndefined();
  });

  it('names the auction of an auction chat only', () => {
    expect(auctionIdOfConversation(`${AUCTION}-${A}-${B}`)).toBe(AUCTION);
    expect(auctionIdOfConversation(`${A}-${B}`)).toBeUndefined();
    expect(auctionIdOfConversation('not a conversation')).toBeUndefined();
  });

  it('finds the other participant, and nobody for an outsider', () => {
    const ref = parseConversationId(`${AUCTION}-${A}-${B}`)!;
    expect(otherParticipant(ref, A)).toBe(B);
    expect(otherParticipant(ref, B)).toBe(A);
    expect(otherParticipant(ref, AUCTION)).toBeUndefined();
  });
});

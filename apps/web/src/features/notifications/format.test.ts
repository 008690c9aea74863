import { describe, expect, it } from 'vitest';
import { formatBadgeCount, notificationTarget } from './format';

describe('notification badge (docs/product.md §9)', () => {
  it('shows nothing at zero, the number up to 9 and 9+ above', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-1)).toBeNull();
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });
});

describe('notification target', () => {
  it('opens /messages for a message and the related auction otherwise', () => {
    expect(notificationTarget({ type: 'message_received', relatedAuctionId: 'a1' })).toBe('/messages');
    expect(notificationTarget({ type: 'outbid', relatedAuctionId: 'a1' })).toBe('/auction/a1');
    expect(notificationTarget({ type: 'auction_cancelled', relatedAuctionId: null })).toBeNull();
  });
});

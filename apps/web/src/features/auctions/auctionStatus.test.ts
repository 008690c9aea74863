import { describe, expect, it } from 'vitest';
import { patchCachedData } from './api/auctionCache';
import { auctionStatusOf, canBuyNow, canMessageAbout } from './auctionStatus';

const now = new Date('2026-01-01T12:00:00Z');
const future = '2026-01-02T12:00:00Z';
const past = '2025-12-31T12:00:00Z';
const base = { isActive: true, endTime: future, winnerId: null, cancelledAt: null, creatorId: 'host' };

describe('auction status on the detail page (docs/product.md §2, §4)', () => {
  it('is open while active before the end, ended after, not active when cancelled', () => {
    expect(auctionStatusOf(base, now)).toBe('open');
    expect(auctionStatusOf({ ...base, endTime: past }, now)).toBe('ended');
    expect(auctionStatusOf({ ...base, isActive: false, winnerId: 'w' }, now)).toBe('ended');
    expect(auctionStatusOf({ ...base, isActive: false }, now)).toBe('cancelled');
    expect(auctionStatusOf({ ...base, isActive: false, endTime: past, cancelledAt: past }, now)).toBe('cancelled');
  });

  it('offers Message only to the winner and the host of a closed auction with a winner', () => {
    const closed = { ...base, isActive: false, endTime: past, winnerId: 'w' };
    expect(canMessageAbout(closed, 'w', now)).toBe(true);
    expect(canMessageAbout(closed, 'host', now)).toBe(true);
    expect(canMessageAbout(closed, 'loser', now)).toBe(false);
    expect(canMessageAbout(closed, undefined, now)).toBe(false);
    expect(canMessageAbout({ ...closed, winnerId: null }, 'host', now)).toBe(false);
  });

  it('offers Buy Now only while the current bid is below the buy-now price', () => {
    expect(canBuyNow({ buyNowPrice: null, currentBid: '10.00' })).toBe(false);
    expect(canBuyNow({ buyNowPrice: '90.00', currentBid: '89.99' })).toBe(true);
    expect(canBuyNow({ buyNowPrice: '90.00', currentBid: '90.00' })).toBe(false);
  });
});

describe('cached auction patches (docs/product.md §4 "Live bids")', () => {
  const item = { id: 'a1', currentBid: '10.00', bidCount: 1, endTime: future, isActive: true, winnerId: null };
  const other = { ...item, id: 'a2' };
  const bump = (a: { bidCount: number }) => ({ currentBid: '11.00', bidCount: a.bidCount + 1 });

  it('reaches the paged feed, the browse list and the detail, and leaves other auctions alone', () => {
    expect(patchCachedData([item, other], 'a1', bump)).toEqual([{ ...item, currentBid: '11.00', bidCount: 2 }, other]);
    const pages = { pages: [{ items: [other] }, { items: [item] }], pageParams: [0, 24] };
    expect(patchCachedData(pages, 'a1', bump)).toEqual({
      pages: [{ items: [other] }, { items: [{ ...item, currentBid: '11.00', bidCount: 2 }] }],
      pageParams: [0, 24],
    });
    expect(patchCachedData({ ...item, bids: [] }, 'a1', bump)).toEqual({
      ...item,
      bids: [],
      currentBid: '11.00',
      bidCount: 2,
    });
    expect(patchCachedData(other, 'a1', bump)).toBe(other);
  });
});

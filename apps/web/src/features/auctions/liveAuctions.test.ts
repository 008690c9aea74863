import type { AuctionListItem } from '@bid/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime';
import { AUCTIONS_KEY } from './api/auctionCache';
import { applyAuctionEvent } from './api/liveAuctions';

const ID = '0b7f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const WINNER = '1c8e2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';
const END = '2030-01-01T00:00:00.000Z';
/** A bid_update as the server sends it (one shape for a bid, Buy Now and a voided bid). */
const bidUpdate = (over: Partial<Extract<RealtimeEvent, { type: 'bid_update' }>> = {}): RealtimeEvent => ({
  type: 'bid_update',
  auctionId: ID,
  newBid: '45.00',
  bidCount: 3,
  endTime: END,
  isActive: true,
  winnerId: null,
  channel: `auction:${ID}`,
  ...over,
});
const auction = (over: Partial<AuctionListItem> = {}) =>
  ({
    id: ID,
    currentBid: '20.00',
    bidCount: 1,
    endTime: '2030-01-01T00:00:00.000Z',
    isActive: true,
    winnerId: null,
    ...over,
  }) as AuctionListItem;

describe('applyAuctionEvent', () => {
  it('replaces the current bid and count in the feed pages, the browse list and the detail', () => {
    const qc = new QueryClient();
    qc.setQueryData([...AUCTIONS_KEY, { sortBy: 'ending-soon' }], {
      pages: [{ items: [auction()], hasMore: false }],
      pageParams: [0],
    });
    qc.setQueryData([...AUCTIONS_KEY, { limit: 100 }], [auction()]);
    qc.setQueryData([...AUCTIONS_KEY, ID], auction());
    applyAuctionEvent(qc, bidUpdate());
    const feed = qc.getQueryData<{ pages: Array<{ items: AuctionListItem[] }> }>([
      ...AUCTIONS_KEY,
      { sortBy: 'ending-soon' },
    ]);
    expect(feed?.pages[0]?.items[0]).toMatchObject({ currentBid: '45.00', bidCount: 3 });
    expect(qc.getQueryData<AuctionListItem[]>([...AUCTIONS_KEY, { limit: 100 }])?.[0]).toMatchObject({
      currentBid: '45.00',
      bidCount: 3,
    });
    expect(qc.getQueryData<AuctionListItem>([...AUCTIONS_KEY, ID])).toMatchObject({ currentBid: '45.00', bidCount: 3 });
  });

  it('ignores an update older than what the cache shows, and ends an auction on auction_closed', () => {
    const qc = new QueryClient();
    qc.setQueryData([...AUCTIONS_KEY, ID], auction({ currentBid: '50.00', bidCount: 4 }));
    applyAuctionEvent(qc, bidUpdate());
    expect(qc.getQueryData<AuctionListItem>([...AUCTIONS_KEY, ID])).toMatchObject({ currentBid: '50.00', bidCount: 4 });
    applyAuctionEvent(qc, {
      type: 'auction_closed',
      auctionId: ID,
      isActive: false,
      winnerId: null,
      channel: `auction:${ID}`,
    });
    expect(qc.getQueryData<AuctionListItem>([...AUCTIONS_KEY, ID])).toMatchObject({ isActive: false, bidCount: 4 });
  });

  it('marks the auction page and the profile lists stale, as nothing but numbers came with the event', () => {
    const qc = new QueryClient();
    const keys = [[...AUCTIONS_KEY, ID], ['/api/my-bids'], ['/api/my-auctions'], [...AUCTIONS_KEY, 'other']];
    for (const key of keys) qc.setQueryData(key, key[0] === '/api/auctions' ? auction() : []);
    applyAuctionEvent(qc, {
      type: 'auction_closed',
      auctionId: ID,
      isActive: false,
      winnerId: WINNER,
      channel: `auction:${ID}`,
    });
    expect(keys.map((key) => qc.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });

  it('ends the auction and names the buyer on a Buy Now bid_update', () => {
    const qc = new QueryClient();
    qc.setQueryData([...AUCTIONS_KEY, ID], auction());
    applyAuctionEvent(qc, bidUpdate({ newBid: '100.00', bidCount: 2, isActive: false, winnerId: WINNER }));
    expect(qc.getQueryData<AuctionListItem>([...AUCTIONS_KEY, ID])).toMatchObject({
      currentBid: '100.00',
      bidCount: 2,
      isActive: false,
      winnerId: WINNER,
    });
  });

  it('leaves auctions alone on events that are not about them', () => {
    const qc = new QueryClient();
    qc.setQueryData([...AUCTIONS_KEY, ID], auction());
    applyAuctionEvent(qc, { type: 'notifications_changed', channel: `user:${WINNER}` });
    expect(qc.getQueryState([...AUCTIONS_KEY, ID])?.isInvalidated).toBe(false);
  });
});

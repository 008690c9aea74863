import { EMPTY_REPUTATION } from '@bid/contract';
import type { AuctionListItem } from '@bid/contract';

/** An open coffee auction as the list API returns it, for component and rule tests. */
export function makeAuctionListItem(overrides: Partial<AuctionListItem> = {}): AuctionListItem {
  return {
    id: 'a1',
    creatorId: 'u1',
    title: 'Coffee by the river',
    description: 'A nice outing in town',
    dateType: 'coffee',
    location: 'Austin, TX',
    latitude: null,
    longitude: null,
    locationRadius: 25,
    startingBid: '20.00',
    currentBid: '20.00',
    buyNowPrice: null,
    paymentResponsibility: '50_50',
    paymentNotes: null,
    expectedDuration: 60,
    endTime: '2030-01-01T00:00:00Z',
    isActive: true,
    winnerId: null,
    cancelledAt: null,
    coverImageUrl: null,
    bidCount: 0,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    isWatched: false,
    watcherCount: 0,
    viewerStanding: null,
    creator: {
      id: 'u1',
      firstName: 'Ada',
      lastName: 'L',
      displayName: 'Ada L.',
      identityVerified: false,
      profileImageUrl: null,
      reputation: EMPTY_REPUTATION,
    },
    ...overrides,
  };
}

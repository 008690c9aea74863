import { EMPTY_REPUTATION } from '@bid/contract';
import type { AuctionListItem, MyAuction } from '@bid/contract';

/** The fields every auction row carries, whichever list it comes from. */
type AuctionFields = Omit<AuctionListItem, 'viewerStanding' | 'creator'>;

/** An open coffee auction with no bids. */
const OPEN_COFFEE_AUCTION: AuctionFields = {
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
};

/** An open coffee auction as the list API returns it, for component and rule tests. */
export function makeAuctionListItem(overrides: Partial<AuctionListItem> = {}): AuctionListItem {
  return {
    ...OPEN_COFFEE_AUCTION,
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

/** The same auction as its host's My Auctions tab lists it (no reserve price unless given). */
export function makeMyAuction(overrides: Partial<MyAuction> = {}): MyAuction {
  return { ...OPEN_COFFEE_AUCTION, reservePrice: null, ...overrides };
}

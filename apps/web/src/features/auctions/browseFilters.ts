import {
  type AuctionListItem,
  BROWSE_PRICE_BOUNDS as CONTRACT_PRICE_BOUNDS,
  type Coordinates,
  distanceMiles,
  hostScore,
  parseMoneyToCents,
} from '@bid/contract';

/** docs/product.md §2 "Public browse page" filters; everything is applied in the browser. */
export interface BrowseFilters {
  search: string;
  dateType: 'all' | 'coffee' | 'dinner' | 'activity';
  radius: '5' | '10' | '25' | '50' | '100' | 'any';
  priceRange: 'any' | '0-25' | '25-50' | '50-100' | '100+';
  sortBy: 'ending-soon' | 'newest' | 'price-low' | 'price-high' | 'best-hosts';
}

export const DEFAULT_BROWSE_FILTERS: BrowseFilters = {
  search: '',
  dateType: 'all',
  radius: '25',
  priceRange: 'any',
  sortBy: 'ending-soon',
};

/** Current-bid bounds in cents (the contract's, shared with saved searches, docs/auctions.md). */
export const BROWSE_PRICE_BOUNDS: Record<
  Exclude<BrowseFilters['priceRange'], 'any'>,
  readonly [number, number]
> = CONTRACT_PRICE_BOUNDS;

function coordinatesOf(auction: AuctionListItem): Coordinates | null {
  if (auction.latitude === null || auction.longitude === null) return null;
  const latitude = Number(auction.latitude);
  const longitude = Number(auction.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

const centsOf = (amount: string) => parseMoneyToCents(amount) ?? 0;

/**
 * Filters and sorts the browse list. The radius applies only when the visitor's location is
 * known; then an auction without coordinates cannot be shown to be within reach and is left out.
 */
export function filterAndSortAuctions(
  auctions: readonly AuctionListItem[],
  filters: BrowseFilters,
  visitor: Coordinates | null,
): AuctionListItem[] {
  const needle = filters.search.trim().toLowerCase();
  const maxMiles = filters.radius === 'any' ? null : Number(filters.radius);
  const bounds = filters.priceRange === 'any' ? null : BROWSE_PRICE_BOUNDS[filters.priceRange];

  const matches = auctions.filter((auction) => {
    if (needle) {
      const haystack = [auction.title, auction.description, auction.location ?? ''].join('\n').toLowerCase();
      if (!haystack.includes(needle)) return false;
    }
    if (filters.dateType !== 'all' && auction.dateType !== filters.dateType) return false;
    if (bounds) {
      const cents = centsOf(auction.currentBid);
      if (cents < bounds[0] || cents >= bounds[1]) return false;
    }
    if (visitor && maxMiles !== null) {
      const place = coordinatesOf(auction);
      if (!place || distanceMiles(visitor, place) > maxMiles) return false;
    }
    return true;
  });

  const time = (value: string) => new Date(value).getTime();
  const compare: Record<BrowseFilters['sortBy'], (a: AuctionListItem, b: AuctionListItem) => number> = {
    'ending-soon': (a, b) => time(a.endTime) - time(b.endTime),
    newest: (a, b) => time(b.createdAt) - time(a.createdAt),
    'price-low': (a, b) => centsOf(a.currentBid) - centsOf(b.currentBid),
    'price-high': (a, b) => centsOf(b.currentBid) - centsOf(a.currentBid),
    // The server's "Best hosts" order (docs/the-date.md): the host's score, then the end time, then the id.
    'best-hosts': (a, b) =>
      hostScore(b.creator.reputation) - hostScore(a.creator.reputation) ||
      time(a.endTime) - time(b.endTime) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  };
  return [...matches].sort(compare[filters.sortBy]);
}

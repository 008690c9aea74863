import type { AuctionFeedFilters } from './api/listAuctions';
import type { BrowseFilters } from './browseFilters';
import { type FilterCardOptions, type FilterOption, optionValues } from './components/AuctionFilterCard';
import type { FilterDomain } from './urlFilters';

/**
 * Each page's filter choices, its spec list word for word (docs/product.md §2, plus "Best hosts",
 * docs/the-date.md). Both pages show them in the one `AuctionFilterCard`.
 */
const DATE_TYPE_OPTIONS: FilterOption<'all' | 'coffee' | 'dinner' | 'activity'>[] = [
  { value: 'all', label: 'All types' },
  { value: 'coffee', label: 'Coffee' },
  { value: 'dinner', label: 'Dinner' },
  { value: 'activity', label: 'Activity' },
];

const within = <T extends string>(miles: T): FilterOption<T> => ({ value: miles, label: `Within ${miles} miles` });
const ANY_DISTANCE = { value: 'any', label: 'Any distance' } as const;

/** The home feed's filters, applied by the server (`GET /api/auctions`). */
export const HOME_FILTER_OPTIONS: FilterCardOptions<AuctionFeedFilters> = {
  location: [within('25'), within('50'), within('100'), ANY_DISTANCE],
  dateType: DATE_TYPE_OPTIONS,
  priceRange: [
    { value: 'any', label: 'Any price' },
    { value: 'under-50', label: 'Under $50' },
    { value: '50-100', label: '$50 - $100' },
    { value: 'over-100', label: 'Over $100' },
  ],
  sortBy: [
    { value: 'ending-soon', label: 'Ending Soon' },
    { value: 'most-popular', label: 'Most Popular' },
    { value: 'newest', label: 'Newest' },
    { value: 'price-low', label: 'Price: Low to High' },
    { value: 'best-hosts', label: 'Best hosts' },
  ],
};

/** The card's values on browse: its `radius` is the card's (and the address's) `location`. */
export type BrowseCardValues = Omit<BrowseFilters, 'search' | 'radius'> & { location: BrowseFilters['radius'] };

/** The public browse page's filters, applied in the browser. */
export const BROWSE_FILTER_OPTIONS: FilterCardOptions<BrowseCardValues> = {
  location: [within('5'), within('10'), within('25'), within('50'), within('100'), ANY_DISTANCE],
  dateType: DATE_TYPE_OPTIONS,
  priceRange: [
    { value: 'any', label: 'Any price' },
    { value: '0-25', label: '$0 - $25' },
    { value: '25-50', label: '$25 - $50' },
    { value: '50-100', label: '$50 - $100' },
    { value: '100+', label: '$100+' },
  ],
  sortBy: [
    { value: 'ending-soon', label: 'Ending Soon' },
    { value: 'newest', label: 'Newest' },
    { value: 'price-low', label: 'Price: Low to High' },
    { value: 'price-high', label: 'Price: High to Low' },
    { value: 'best-hosts', label: 'Best hosts' },
  ],
};

/** What the address may carry for each home filter, under the API's own names (docs/web-app.md). */
export const FEED_FILTER_DOMAIN: FilterDomain<AuctionFeedFilters> = {
  location: optionValues(HOME_FILTER_OPTIONS.location),
  dateType: optionValues(HOME_FILTER_OPTIONS.dateType),
  priceRange: optionValues(HOME_FILTER_OPTIONS.priceRange),
  sortBy: optionValues(HOME_FILTER_OPTIONS.sortBy),
};

/** What the address may carry for each browse filter (docs/web-app.md "Filters in the address"). */
export const BROWSE_FILTER_DOMAIN: FilterDomain<BrowseFilters> = {
  search: 'text',
  dateType: optionValues(BROWSE_FILTER_OPTIONS.dateType),
  radius: optionValues(BROWSE_FILTER_OPTIONS.location),
  priceRange: optionValues(BROWSE_FILTER_OPTIONS.priceRange),
  sortBy: optionValues(BROWSE_FILTER_OPTIONS.sortBy),
};

/** The browse page's distance is the home feed's and the API's `location`; its free text is `q`. */
export const BROWSE_FILTER_URL_NAMES = { radius: 'location', search: 'q' } as const;

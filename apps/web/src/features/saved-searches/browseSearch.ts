import {
  BROWSE_DATE_TYPES,
  BROWSE_PRICE_RANGES,
  BROWSE_RADII,
  BROWSE_URL_PARAMS,
  SAVED_SEARCH_NAME_MAX,
  type BrowseDateType,
  type BrowsePriceRange,
  type BrowseRadius,
} from '@bid/contract';

/** The browse filters a saved search keeps, read from browse's address (docs/auctions.md "Saved searches"). */
export interface BrowseSearch {
  query?: string;
  dateType?: BrowseDateType;
  radius?: BrowseRadius;
  priceRange?: BrowsePriceRange;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * The filters of browse's address, read as browse reads them: a value it does not offer (or its
 * "all" and "any") is no filter, so what is saved is what the page shows.
 */
export function browseSearchFromUrl(search: string): BrowseSearch {
  const params = new URLSearchParams(search);
  const query = params.get(BROWSE_URL_PARAMS.query)?.trim();
  const dateType = oneOf(BROWSE_DATE_TYPES, params.get(BROWSE_URL_PARAMS.dateType));
  const radius = oneOf(BROWSE_RADII, params.get(BROWSE_URL_PARAMS.radius));
  const priceRange = oneOf(BROWSE_PRICE_RANGES, params.get(BROWSE_URL_PARAMS.priceRange));
  return {
    ...(query ? { query } : {}),
    ...(dateType ? { dateType } : {}),
    ...(radius ? { radius } : {}),
    ...(priceRange ? { priceRange } : {}),
  };
}

const DATE_TYPE_WORDS: Record<BrowseDateType, string> = { coffee: 'Coffee', dinner: 'Dinner', activity: 'Activity' };

/** A name to start from: the filters in words ("Coffee, \"river\", $0 - $25, within 25 miles"). */
export function suggestedName(search: BrowseSearch): string {
  const parts = [
    search.dateType ? DATE_TYPE_WORDS[search.dateType] : null,
    search.query ? `"${search.query}"` : null,
    search.priceRange ? (search.priceRange === '100+' ? '$100+' : `$${search.priceRange.replace('-', ' - $')}`) : null,
    search.radius ? `within ${search.radius} miles` : null,
  ].filter((part): part is string => part !== null);
  const name = parts.length > 0 ? parts.join(', ') : 'All auctions';
  return name.slice(0, SAVED_SEARCH_NAME_MAX);
}

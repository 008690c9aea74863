import { DATE_TYPES, type DateType } from './constants.js';

/**
 * The public browse page's filters (docs/auctions.md "Browse" and "Saved searches"): the values its
 * address may carry, shared by the page (which filters in the browser) and by saved searches
 * (which the database matches against each new auction). Free of zod, like auctions.ts, so the
 * browse page's first paint does not load the schema library.
 */
export const BROWSE_DATE_TYPES = DATE_TYPES;
export type BrowseDateType = (typeof BROWSE_DATE_TYPES)[number] & DateType;

/** Miles around a place; the page's "Any distance" is the absence of a radius. */
export const BROWSE_RADII = ['5', '10', '25', '50', '100'] as const;
export type BrowseRadius = (typeof BROWSE_RADII)[number];

export const BROWSE_PRICE_RANGES = ['0-25', '25-50', '50-100', '100+'] as const;
export type BrowsePriceRange = (typeof BROWSE_PRICE_RANGES)[number];

/**
 * Current-bid bounds in cents, lower inclusive and upper exclusive, so each amount falls in
 * exactly one band ($25 is in 25-50, $100 in 100+).
 */
export const BROWSE_PRICE_BOUNDS: Record<BrowsePriceRange, readonly [number, number]> = {
  '0-25': [0, 2500],
  '25-50': [2500, 5000],
  '50-100': [5000, 10_000],
  '100+': [10_000, Number.POSITIVE_INFINITY],
};

/** The one band an amount (in cents) falls in. */
export function browsePriceRangeOf(cents: number): BrowsePriceRange {
  return BROWSE_PRICE_RANGES.find((range) => cents < BROWSE_PRICE_BOUNDS[range][1]) ?? '100+';
}

/**
 * The browse page's address parameters (docs/web-app.md "Filters in the address"): its free text
 * is `q` and its distance `location`. A saved search names them `query` and `radius`, and its
 * own `location` is the place the radius is measured from.
 */
export const BROWSE_URL_PARAMS = {
  query: 'q',
  dateType: 'dateType',
  radius: 'location',
  priceRange: 'priceRange',
} as const;

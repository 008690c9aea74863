// Saved searches' limits and words, free of zod so the pages that offer "Save this search" load
// without the schema library (docs/performance.md); the API's schemas are in saved-search-schemas.ts.
import { BROWSE_DATE_TYPES, BROWSE_PRICE_RANGES, BROWSE_RADII } from './browse-filters.js';
import { SEARCH_TERM_MAX } from './search.js';

/** A member keeps at most this many saved searches (docs/auctions.md "Saved searches"). */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;
export const SAVED_SEARCH_LOCATION_MAX = 255;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Give this search a name',
  nameTooLong: `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  queryTooLong: `Search text must be at most ${SEARCH_TERM_MAX} characters`,
  dateType: `dateType must be one of: ${BROWSE_DATE_TYPES.join(', ')}`,
  radius: `radius must be one of: ${BROWSE_RADII.join(', ')}`,
  priceRange: `priceRange must be one of: ${BROWSE_PRICE_RANGES.join(', ')}`,
  locationTooLong: `Location must be at most ${SAVED_SEARCH_LOCATION_MAX} characters`,
  unknownPlace: 'We could not find that place. Try "City, ST" or a zip code.',
  noPlaceForRadius: 'Add a place to search near (or a location on your profile), or choose any distance.',
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  saved: 'Search saved',
  savedDescription: "We'll tell you when a new auction matches it.",
  deleted: 'Saved search deleted',
} as const;

/** The notice a member gets when a new auction matches one of their saved searches. */
export const SAVED_SEARCH_MATCH_TITLE = 'New auction for your saved search';
/**
 * The notice's text; `{title}` is the auction's title and `{searches}` the names of the member's
 * saved searches it matched, quoted and joined by commas (filled in by the matching statement).
 */
export const SAVED_SEARCH_MATCH_MESSAGE_TEMPLATE =
  '"{title}" matches your saved search {searches}. Have a look before the bids start.';
export const SAVED_SEARCH_BUTTON_LABEL = 'Save this search';
export const SAVED_SEARCH_DIGEST_SUBJECT = 'New auctions for your saved search';

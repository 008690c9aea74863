import { z } from 'zod';
import { BROWSE_DATE_TYPES, BROWSE_PRICE_RANGES, BROWSE_RADII } from './browse-filters.js';
import { SEARCH_TERM_MAX } from './search-schemas.js';
import { plainText } from './text.js';

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

/** Browse's "all" and "any" mean no filter, as in its address; an empty value is no filter too. */
const noFilter = (value: unknown) => (value === '' || value === 'all' || value === 'any' ? undefined : value);

/** POST /api/saved-searches (docs/auctions.md "Saved searches"): browse's filters and a name. */
export const createSavedSearchSchema = z.strictObject({
  name: plainText(
    z
      .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
      .trim()
      .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
      .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.nameTooLong),
    'Name',
  ),
  query: plainText(
    z
      .string({ error: SAVED_SEARCH_MESSAGES.queryTooLong })
      .trim()
      .max(SEARCH_TERM_MAX, SAVED_SEARCH_MESSAGES.queryTooLong),
    'Search text',
  )
    .optional()
    .transform((value) => (value ? value : undefined)),
  dateType: z.preprocess(noFilter, z.enum(BROWSE_DATE_TYPES, { error: SAVED_SEARCH_MESSAGES.dateType }).optional()),
  location: plainText(
    z
      .string({ error: SAVED_SEARCH_MESSAGES.locationTooLong })
      .trim()
      .max(SAVED_SEARCH_LOCATION_MAX, SAVED_SEARCH_MESSAGES.locationTooLong),
    'Location',
  )
    .optional()
    .transform((value) => (value ? value : undefined)),
  radius: z.preprocess(noFilter, z.enum(BROWSE_RADII, { error: SAVED_SEARCH_MESSAGES.radius }).optional()),
  priceRange: z.preprocess(
    noFilter,
    z.enum(BROWSE_PRICE_RANGES, { error: SAVED_SEARCH_MESSAGES.priceRange }).optional(),
  ),
});
export type CreateSavedSearchInput = z.output<typeof createSavedSearchSchema>;

/** A saved search as its member reads it. `location` is the place the radius is measured from. */
export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string().nullable(),
  dateType: z.enum(BROWSE_DATE_TYPES).nullable(),
  location: z.string().nullable(),
  radius: z.enum(BROWSE_RADII).nullable(),
  priceRange: z.enum(BROWSE_PRICE_RANGES).nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ savedSearches: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

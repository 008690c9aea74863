import { z } from 'zod';
import { BROWSE_DATE_TYPES, BROWSE_PRICE_RANGES, BROWSE_RADII } from './browse-filters.js';
import { SAVED_SEARCH_LOCATION_MAX, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from './saved-searches.js';
import { SEARCH_TERM_MAX } from './search.js';
import { plainText } from './text.js';

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

import { BROWSE_DATE_TYPES, BROWSE_PRICE_RANGES, BROWSE_RADII, type SavedSearch } from '@bid/contract';
import type { SavedSearchRow } from '../../db/schema/index.js';

const oneOf = <T extends string>(values: readonly T[], value: string | number | null): T | null =>
  values.find((candidate) => candidate === String(value)) ?? null;

/** A saved search as its member reads it: browse's "all" and "any" are no filter (null). */
export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    dateType: oneOf(BROWSE_DATE_TYPES, row.dateType),
    location: row.location,
    radius: oneOf(BROWSE_RADII, row.radiusMiles),
    priceRange: oneOf(BROWSE_PRICE_RANGES, row.priceRange),
    createdAt: row.createdAt.toISOString(),
  };
}

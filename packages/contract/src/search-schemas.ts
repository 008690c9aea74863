import { z } from 'zod';
import type { DateType } from './constants.js';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_TERM_MAX } from './search.js';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;

/**
 * GET /api/search and /api/search/users ?q&limit. `q` is trimmed; empty (or missing) is allowed
 * and finds nothing (docs/product.md §5).
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_TERM_MAX, `Search text must be at most ${SEARCH_TERM_MAX} characters`)
    .optional()
    .default(''),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(SEARCH_LIMIT_MAX, LIMIT_MESSAGE)
    .optional()
    .default(SEARCH_LIMIT_DEFAULT),
});

/** A person in search results: public profile fields only, never e-mail or account details. */
export interface SearchUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  location: string | null;
  age: number | null;
  bio: string | null;
  interests: string[];
  /** The member's identity is verified (docs/trust-and-safety.md). */
  identityVerified: boolean;
}

/** An open auction in search results, with its creator's name only. */
export interface SearchAuction {
  id: string;
  title: string;
  dateType: DateType;
  currentBid: string;
  endTime: string;
  location: string | null;
  description: string;
  bidCount: number;
  creator: { id: string; firstName: string | null; lastName: string | null; identityVerified: boolean };
}

/** The answer to GET /api/search; GET /api/search/users answers `{users}` only. */
export interface SearchResults {
  users: SearchUser[];
  auctions: SearchAuction[];
}

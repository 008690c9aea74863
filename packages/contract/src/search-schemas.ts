import { z } from 'zod';
import { ALL_DATE_TYPES } from './constants.js';
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
export const searchUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  age: z.number().int().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  /** The member's identity is verified (docs/trust-and-safety.md). */
  identityVerified: z.boolean(),
});
export type SearchUser = z.infer<typeof searchUserSchema>;

/** An open auction in search results, with its creator's name only. */
export const searchAuctionSchema = z.object({
  id: z.string(),
  title: z.string(),
  dateType: z.enum(ALL_DATE_TYPES),
  currentBid: z.string(),
  endTime: z.string(),
  location: z.string().nullable(),
  description: z.string(),
  bidCount: z.number().int(),
  creator: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    identityVerified: z.boolean(),
  }),
});
export type SearchAuction = z.infer<typeof searchAuctionSchema>;

/** The answer to GET /api/search. */
export const searchResultsSchema = z.object({
  users: z.array(searchUserSchema),
  auctions: z.array(searchAuctionSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** The answer to GET /api/search/users: people only. */
export const searchUsersResultsSchema = z.object({ users: z.array(searchUserSchema) });

import { z } from 'zod';

export const SEARCH_TERM_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

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

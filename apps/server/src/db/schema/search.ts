import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auctions } from './auctions.js';
import { requiredRef } from './columns.js';
import { users } from './users.js';

/*
 * The later words of each searched text, for search's "a later word starts with the term" pool
 * (search.repository.ts; docs/performance.md, item 22). One row per space in the lowered text:
 * `suffix` is the rest of the lowered text after that space, so
 * `text ILIKE '% term%'` holds exactly when some row's `suffix LIKE lower('term%')`, and the
 * btree on `suffix` finds those rows by a range scan that stops at the pool's size, in order, as
 * the prefix indexes do for "starts with". The trigram index cannot: it says which texts hold the
 * term, not where, so a common later word read every match (20,000 at a million rows).
 *
 * Kept by triggers (migration 0028) on insert and on updates of the text's own columns only, so
 * the hot `UPDATE auctions` of every bid never touches them. `position` is where the suffix
 * starts in the lowered text (1-based): with the id, the key of a row.
 * Suffixes are at most 254 characters (titles are varchar(255), names 100 + 1 + 100): far within
 * a btree entry's limit.
 */

/** The later words of `USER_FULL_NAME_SQL` (first name, a space, last name). */
export const userNameLaterWords = pgTable(
  'user_name_later_words',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    suffix: text('suffix').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    // text_pattern_ops so LIKE 'term%' is a range whatever the database's collation; the id in
    // the key lets the walk return it from the index alone.
    index('user_name_later_words_suffix_idx').using('btree', t.suffix.op('text_pattern_ops'), t.userId),
  ],
);

/** The later words of auction titles. */
export const auctionTitleLaterWords = pgTable(
  'auction_title_later_words',
  {
    auctionId: requiredRef('auction_id', () => auctions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    suffix: text('suffix').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.auctionId, t.position] }),
    index('auction_title_later_words_suffix_idx').using('btree', t.suffix.op('text_pattern_ops'), t.auctionId),
  ],
);

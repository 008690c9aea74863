import { and, asc, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SearchUser } from '@bid/contract';
import type { Db } from '../../db/client.js';
import {
  auctions,
  auctionTitleLaterWords,
  USER_FULL_NAME_SQL,
  userNameLaterWords,
  users,
} from '../../db/schema/index.js';
import { auctionBriefColumns, memberCardColumns } from '../../db/card-columns.js';
import { isNotBlockedPerRowSql } from '../blocks/block-filters.js';

/**
 * Search queries (docs/engineering.md §7): `ILIKE` on exactly the expressions the trigram GIN indexes declare
 * (users_name_trgm_idx, auctions_title_trgm_idx), and `lower(…) LIKE 'term%'` on the expressions
 * the prefix btree indexes declare (users_name_prefix_idx, auctions_title_prefix_idx), then a LIMIT. The term travels as a bound
 * parameter; LIKE's own wildcards in it are escaped so they match literally.
 *
 * Ranking reads a bounded pool of candidates, not every match: up to CANDIDATES_PER_KIND
 * matches of each kind the ranking tells apart (the name or title starts with the term, a
 * later word does, it is anywhere). Ranking every match made a common name or title word cost
 * time in proportion to the table (docs/performance.md); with the pool a better kind of match
 * is still never left out for a worse one.
 */

/** Matches of each kind read for ranking; well above the largest page (SEARCH_LIMIT_MAX). */
export const CANDIDATES_PER_KIND = 200;

/**
 * A term this long or longer matches anywhere in the text. A shorter word holds no complete
 * trigram, so no index could find it inside a word and every search for it would read the whole
 * table: it matches the start of a word instead ("jo" finds John and Ann Jones, not Benjo).
 * Terms without a letter or digit ("%", "_") are never indexed and keep matching anywhere.
 */
export const SUBSTRING_MIN_LENGTH = 3;

/** `%`, `_` and the escape character itself lose their LIKE meaning (backslash is the default escape). */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The LIKE patterns of the kinds of match: `starts` for the text or a later word starting with the
 * term (the later words are suffixes of their own, db/schema/search.ts), `anywhere` only for terms
 * long enough.
 */
function matchPatterns(term: string) {
  const escaped = escapeLikePattern(term);
  const isShortWord = Array.from(term).length < SUBSTRING_MIN_LENGTH && /[\p{L}\p{N}]/u.test(term);
  return { starts: `${escaped}%`, anywhere: isShortWord ? null : `%${escaped}%` };
}

/**
 * The ids the ranking reads: up to CANDIDATES_PER_KIND of each kind of match, a worse kind only
 * while the better ones cannot fill the page. Skipping them matters beyond the rows saved: the
 * trigram index cannot tell where in the text the term is, so looking for a text that merely
 * contains "james" rechecks every name that starts with it.
 */
function candidateIds(input: {
  table: SQL;
  id: SQL;
  text: SQL;
  eligible: SQL;
  /** The text's later words (db/schema/search.ts): the table, its id column and its suffix. */
  laterWords: { table: SQL; id: SQL; suffix: SQL };
  term: string;
  pageSize: number;
  /**
   * More text the term may be anywhere in (an auction's description and place), read like the
   * "anywhere" pool and only when it is: the expression a trigram index declares.
   */
  alsoIn?: SQL;
}): SQL {
  const { table, id, text, eligible, laterWords: words, term, pageSize, alsoIn } = input;
  const { starts, anywhere } = matchPatterns(term);
  // "Starts with" as `lower(text) LIKE lower('term%')`, the form the prefix btree indexes
  // (users_name_prefix_idx, auctions_title_prefix_idx) serve by a range scan. Ordered as those
  // indexes are (text_pattern_ops sorts by `~<~`), so the pool is the range's first matches and
  // the scan stops there: for a term the planner thinks common it would otherwise read the table
  // until it had found enough, however rare the term really is (docs/performance.md, "Plans at a
  // million rows").
  const startsPool = sql`SELECT ${id} AS id FROM ${table}
    WHERE lower(${text}) LIKE lower(${starts}) AND ${eligible}
    ORDER BY lower(${text}) USING ~<~ LIMIT ${CANDIDATES_PER_KIND}`;
  // "A later word starts with" (`text ILIKE '% term%'`) as a suffix of the text after a space
  // that starts with the term (db/schema/search.ts), walked in the suffix index's order from the
  // term's first entry and stopped at the pool's size, like the "starts with" pool: neither a scan
  // of the table until enough match nor a bitmap of every match from the trigram index, whichever
  // the statistics favoured (docs/performance.md, item 22). The walk reads the index alone (it
  // holds the id) and joins each row to its text by primary key for the eligibility rule.
  // A text with the term at two later words is two rows of the walk: the pool keeps distinct ids
  // (below), so it may hold a few fewer texts than rows. Keeping only each text's first matching
  // word inside the walk was tried: the walk goes in suffix order, not text order, so for "a" it
  // skipped 75,000 rows ("a walk" after "afternoon and a walk") before the 200th first match.
  const laterWordPool = sql`SELECT ${words.id} AS id FROM ${words.table} JOIN ${table} ON ${id} = ${words.id}
    WHERE ${words.suffix} LIKE lower(${starts}) AND ${eligible}
    ORDER BY ${words.suffix} USING ~<~ LIMIT ${CANDIDATES_PER_KIND}`;
  const anywherePool = (pattern: string) =>
    sql`SELECT ${id} AS id FROM ${table} WHERE ${text} ILIKE ${pattern} AND ${eligible} LIMIT ${CANDIDATES_PER_KIND}`;
  const alsoInPool = (pattern: string, more: SQL) =>
    sql`SELECT ${id} AS id FROM ${table} WHERE ${more} ILIKE ${pattern} AND ${eligible} LIMIT ${CANDIDATES_PER_KIND}`;
  const rest = anywhere
    ? sql`UNION SELECT id FROM (${anywherePool(anywhere)}) AS anywhere
          WHERE (SELECT count(*) FROM starts) + (SELECT count(*) FROM later_word) <= ${pageSize}
          ${
            alsoIn
              ? sql`UNION SELECT id FROM (${alsoInPool(anywhere, alsoIn)}) AS also_in
          WHERE (SELECT count(*) FROM starts) + (SELECT count(*) FROM later_word) <= ${pageSize}`
              : sql``
          }`
    : sql``;
  // The later-word pool as distinct ids, so the count that decides whether the "anywhere" pool is
  // read counts texts, not suffixes.
  return sql`WITH starts AS MATERIALIZED (${startsPool}),
    later_word AS MATERIALIZED (
      SELECT DISTINCT id FROM (${laterWordPool}) AS p WHERE (SELECT count(*) FROM starts) <= ${pageSize}
    )
    SELECT id FROM starts UNION SELECT id FROM later_word ${rest}`;
}

const fullName = sql.raw(`(${USER_FULL_NAME_SQL})`);

/** A matching member's public fields (`SearchUser`), with the identity status it is presented from. */
export type UserSearchRow = Omit<SearchUser, 'identityVerified'> & { identityVerificationStatus: string };

export function searchUsers(
  db: Db,
  term: string,
  options: { limit: number; excludeUserId?: string; viewerId?: string },
): Promise<UserSearchRow[]> {
  return searchUsersQuery(db, term, options);
}

/** The statement itself, unexecuted, so a test can EXPLAIN exactly what runs. */
export function searchUsersQuery(
  db: Db,
  term: string,
  options: { limit: number; excludeUserId?: string; viewerId?: string },
) {
  const prefix = matchPatterns(term).starts;
  // Only people who have a name to be found by (docs/product.md §2 cards show it).
  const named = sql`${users.firstName} IS NOT NULL AND ${users.firstName} <> ''`;
  const candidates = candidateIds({
    table: sql`${users}`,
    id: sql`${users.id}`,
    text: fullName,
    eligible: named,
    laterWords: {
      table: sql`${userNameLaterWords}`,
      id: sql`${userNameLaterWords.userId}`,
      suffix: sql`${userNameLaterWords.suffix}`,
    },
    term,
    pageSize: options.limit,
  });
  // Suspended members cannot be found (docs/trust-and-safety.md).
  const conditions: SQL[] = [sql`${users.id} IN (${candidates})`, isNull(users.suspendedAt)];
  if (options.excludeUserId) conditions.push(ne(users.id, options.excludeUserId));
  // Deleted accounts are never found (their row stays, named 'Deleted user', for their auctions and
  // messages). Filtered here, not among the candidates: there the partial index on live users
  // (users_last_active_idx) would tempt the planner away from the name indexes.
  conditions.push(isNull(users.deletedAt));
  // Blocks either way keep two members out of each other's results (docs/trust-and-safety.md).
  if (options.viewerId) conditions.push(isNotBlockedPerRowSql(sql`${options.viewerId}::uuid`, sql`${users.id}`));
  return db
    .select({
      ...memberCardColumns,
      location: users.location,
      age: users.age,
      // A bio the screening held is nobody else's to read yet (docs/trust-and-safety.md "Screening").
      bio: sql<string | null>`CASE WHEN ${users.bioReviewStatus} = 'approved' THEN ${users.bio} END`,
      interests: users.interests,
      identityVerificationStatus: users.identityVerificationStatus,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(
      // Relevance: names starting with the term (first or last name), then closest by trigrams.
      sql`CASE WHEN ${fullName} ILIKE ${prefix} THEN 0 WHEN ${users.lastName} ILIKE ${prefix} THEN 1 ELSE 2 END`,
      desc(sql`similarity(${fullName}, ${term})`),
      asc(users.firstName),
      asc(users.id),
    )
    .limit(options.limit);
}

export interface AuctionSearchRow {
  id: string;
  title: string;
  dateType: 'coffee' | 'dinner' | 'activity' | 'virtual';
  currentBid: string;
  endTime: Date;
  location: string | null;
  description: string;
  bidCount: number;
  creatorId: string;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorIdentityVerificationStatus: string;
}

/**
 * An auction's description and place as one text (docs/search-and-notifications.md "Search API"),
 * exactly the expression of auctions_details_trgm_idx, so ILIKE on it is served by that index.
 */
export const AUCTION_DETAILS_TEXT = sql`(${auctions.description} || ' ' || coalesce(${auctions.location}, ''))`;

/**
 * Open auctions (active, not yet ended) whose title, description or place holds the term, as the
 * browse page matches them (docs/search-and-notifications.md "Search API"): titles first.
 */
export function searchOpenAuctions(
  db: Db,
  term: string,
  options: { limit: number; now: Date; viewerId?: string },
): Promise<AuctionSearchRow[]> {
  return searchOpenAuctionsQuery(db, term, options);
}

/** The statement itself, unexecuted, so a test can EXPLAIN exactly what runs. */
export function searchOpenAuctionsQuery(
  db: Db,
  term: string,
  options: { limit: number; now: Date; viewerId?: string },
) {
  const prefix = matchPatterns(term).starts;
  const open = and(eq(auctions.isActive, true), gt(auctions.endTime, options.now))!;
  const candidates = candidateIds({
    table: sql`${auctions}`,
    id: sql`${auctions.id}`,
    text: sql`${auctions.title}`,
    eligible: open,
    laterWords: {
      table: sql`${auctionTitleLaterWords}`,
      id: sql`${auctionTitleLaterWords.auctionId}`,
      suffix: sql`${auctionTitleLaterWords.suffix}`,
    },
    term,
    pageSize: options.limit,
    alsoIn: AUCTION_DETAILS_TEXT,
  });
  // Title starts with the term, then holds it, then only the description or the place does.
  const anywhere = `%${escapeLikePattern(term)}%`;
  const rank = sql<number>`CASE WHEN ${auctions.title} ILIKE ${prefix} THEN 0 WHEN ${auctions.title} ILIKE ${anywhere} THEN 1 ELSE 2 END`;
  // The page is ranked on the auctions' own columns and only its rows are joined to their hosts:
  // joining every candidate (up to 600) first cost a primary-key lookup of users each, rarely in
  // shared buffers at a million rows (docs/performance.md, item 22). The block filter stays in
  // the ranking, on creator_id, so a blocked host's auction never takes a place on the page.
  const page = db
    .select({
      ...auctionBriefColumns,
      location: auctions.location,
      description: auctions.description,
      bidCount: auctions.bidCount,
      creatorId: auctions.creatorId,
      rank: rank.as('rank'),
      similarity: sql<number>`similarity(${auctions.title}, ${term})`.as('similarity'),
    })
    .from(auctions)
    .where(
      and(
        sql`${auctions.id} IN (${candidates})`,
        options.viewerId
          ? isNotBlockedPerRowSql(sql`${options.viewerId}::uuid`, sql`${auctions.creatorId}`)
          : undefined,
      ),
    )
    .orderBy(rank, desc(sql`similarity(${auctions.title}, ${term})`), asc(auctions.endTime), asc(auctions.id))
    .limit(options.limit)
    .as('page');
  return (
    db
      .select({
        id: page.id,
        title: page.title,
        dateType: page.dateType,
        currentBid: page.currentBid,
        endTime: page.endTime,
        location: page.location,
        description: page.description,
        bidCount: page.bidCount,
        creatorId: users.id,
        creatorFirstName: users.firstName,
        creatorLastName: users.lastName,
        creatorIdentityVerificationStatus: users.identityVerificationStatus,
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.creatorId))
      // The page's own order again: a join does not keep it.
      .orderBy(asc(page.rank), desc(page.similarity), asc(page.endTime), asc(page.id))
  );
}

import { and, asc, desc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, USER_FULL_NAME_SQL, users } from '../../db/schema/index.js';

/**
 * Search queries (GUIDE §7): `ILIKE '%term%'` on exactly the expressions the trigram GIN
 * indexes declare (users_name_trgm_idx, auctions_title_trgm_idx), then a LIMIT. The term
 * travels as a bound parameter; LIKE's own wildcards in it are escaped so they match literally.
 */

/** `%`, `_` and the escape character itself lose their LIKE meaning (backslash is the default escape). */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

const fullName = sql.raw(`(${USER_FULL_NAME_SQL})`);

export interface UserSearchRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  location: string | null;
  age: number | null;
  bio: string | null;
  interests: string[];
}

export function searchUsers(
  db: Db,
  term: string,
  options: { limit: number; excludeUserId?: string },
): Promise<UserSearchRow[]> {
  return searchUsersQuery(db, term, options);
}

/** The statement itself, unexecuted, so a test can EXPLAIN exactly what runs. */
export function searchUsersQuery(db: Db, term: string, options: { limit: number; excludeUserId?: string }) {
  const escaped = escapeLikePattern(term);
  const contains = `%${escaped}%`;
  const prefix = `${escaped}%`;
  const conditions: SQL[] = [
    sql`${fullName} ILIKE ${contains}`,
    // Only people who have a name to be found by (SPEC §2 cards show it).
    sql`${users.firstName} IS NOT NULL AND ${users.firstName} <> ''`,
  ];
  if (options.excludeUserId) conditions.push(ne(users.id, options.excludeUserId));
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      location: users.location,
      age: users.age,
      bio: users.bio,
      interests: users.interests,
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
}

/** Open auctions (active, not yet ended) whose title contains the term. */
export function searchOpenAuctions(
  db: Db,
  term: string,
  options: { limit: number; now: Date },
): Promise<AuctionSearchRow[]> {
  return searchOpenAuctionsQuery(db, term, options);
}

/** The statement itself, unexecuted, so a test can EXPLAIN exactly what runs. */
export function searchOpenAuctionsQuery(db: Db, term: string, options: { limit: number; now: Date }) {
  const escaped = escapeLikePattern(term);
  const contains = `%${escaped}%`;
  const prefix = `${escaped}%`;
  return db
    .select({
      id: auctions.id,
      title: auctions.title,
      dateType: auctions.dateType,
      currentBid: auctions.currentBid,
      endTime: auctions.endTime,
      location: auctions.location,
      description: auctions.description,
      bidCount: auctions.bidCount,
      creatorId: users.id,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
    })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .where(
      and(eq(auctions.isActive, true), gt(auctions.endTime, options.now), sql`${auctions.title} ILIKE ${contains}`),
    )
    .orderBy(
      sql`CASE WHEN ${auctions.title} ILIKE ${prefix} THEN 0 ELSE 1 END`,
      desc(sql`similarity(${auctions.title}, ${term})`),
      asc(auctions.endTime),
      asc(auctions.id),
    )
    .limit(options.limit);
}

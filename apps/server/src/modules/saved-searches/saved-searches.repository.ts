import {
  BROWSE_PRICE_BOUNDS,
  BROWSE_PRICE_RANGES,
  SAVED_SEARCH_MATCH_MESSAGE_TEMPLATE,
  SAVED_SEARCH_MATCH_TITLE,
} from '@bid/contract';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { savedSearches, savedSearchMatches, type SavedSearchRow } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-helpers.js';
import { EARTH_RADIUS_MILES } from '../../lib/geo.js';

export type NewSavedSearch = typeof savedSearches.$inferInsert;

export async function countSavedSearches(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/**
 * Inserts the search unless the member already has `max`: the count and the insert are one
 * statement under a lock on the member's row, so two saves at once cannot make 21.
 */
export async function insertSavedSearchWithinLimit(
  db: Db,
  row: NewSavedSearch,
  max: number,
): Promise<SavedSearchRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${row.userId}::uuid FOR UPDATE`);
    if ((await countSavedSearches(tx, row.userId)) >= max) return null;
    const [inserted] = await tx.insert(savedSearches).values(row).returning();
    return inserted ?? null;
  });
}

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

/** Deletes one of the member's own searches; false when they have none by that id. */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}

/** The browse price band of an amount, in SQL, from the contract's bounds (lower inclusive). */
function priceBandSql(amount: SQL): SQL {
  const cases = BROWSE_PRICE_RANGES.filter((range) => Number.isFinite(BROWSE_PRICE_BOUNDS[range][1])).map(
    (range) => sql`WHEN ${amount} < ${sql.raw(String(BROWSE_PRICE_BOUNDS[range][1] / 100))} THEN ${range}`,
  );
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE '100+' END)`;
}

/**
 * Queues an auction that just became visible for matching (docs/notifications.md "Saved
 * searches: matched after the commit"). Call it in the transaction that publishes the auction:
 * the row commits with it, so a committed auction is matched even if this instance dies before
 * the match runs. Queuing it again (approved after an edit held it) is harmless.
 */
export async function queueAuctionAnnouncement(db: Db, auctionId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO pending_auction_announcements (auction_id) VALUES (${auctionId}::uuid)
    ON CONFLICT (auction_id) DO NOTHING`);
}

/**
 * Takes one queued auction and matches it against every saved search, writing each matching
 * member ONE notice (their searches' names in it) and a match row per search, in ONE statement
 * (docs/auctions.md "Saved searches"). The statement deletes the auction's queued row as it runs,
 * taking it `FOR UPDATE SKIP LOCKED`: when another instance (or this one's lifecycle job) holds
 * it, or it was taken already, nothing happens, so an auction is never matched twice at once. The
 * candidates come from two index walks: the searches near a place whose box holds the auction's
 * point (GiST on `area`), and the searches anywhere with the auction's date type and price band
 * or no such filter (btree on `(date_type, price_range)`); the haversine, the text, the member's
 * own auctions, blocks in either direction, suspended or deleted members and searches already
 * told of this auction are filtered from those. The auction must still be visible when the
 * statement runs, so a listing hidden meanwhile is dropped from the queue unannounced. The
 * notices' outbox rows (e-mail, push) come from the notifications trigger in this statement's
 * transaction.
 *
 * Returns the members told.
 */
export async function insertSavedSearchMatches(db: Db, auctionId: string, now: Date): Promise<string[]> {
  const result = await db.execute(savedSearchMatchSql(auctionId, now));
  return [...new Set(rowsOf<{ user_id: string }>(result).map((row) => row.user_id))];
}

/**
 * Up to `limit` queued auctions, oldest first, queued more than `olderThanSeconds` ago (so the
 * lifecycle job leaves the ones their own instance is about to match). Read without locks: the
 * match statement takes each with SKIP LOCKED.
 */
export async function leftBehindAnnouncements(
  db: Db,
  options: { olderThanSeconds: number; limit: number },
): Promise<string[]> {
  // The database's clock, the one that stamped the rows (the app's may be a test's).
  const result = await db.execute(sql`
    SELECT auction_id FROM pending_auction_announcements
    WHERE created_at < now() - make_interval(secs => ${options.olderThanSeconds}::double precision)
    ORDER BY created_at
    LIMIT ${options.limit}::integer`);
  return rowsOf<{ auction_id: string }>(result).map((row) => row.auction_id);
}

/** The matching statement itself (its plan at 100,000 saved searches is checked in a test). */
export function savedSearchMatchSql(auctionId: string, now: Date): SQL {
  const radius = sql.raw(String(EARTH_RADIUS_MILES));
  return sql`
    WITH taken AS (
      DELETE FROM pending_auction_announcements p
      WHERE p.auction_id = (SELECT q.auction_id FROM pending_auction_announcements q
        WHERE q.auction_id = ${auctionId}::uuid FOR UPDATE SKIP LOCKED)
      RETURNING p.auction_id
    ),
    a AS MATERIALIZED (
      SELECT au.id, au.creator_id, au.title, au.date_type::text AS date_type,
        lower(au.title || E'\n' || au.description || E'\n' || coalesce(au.location, '')) AS haystack,
        au.latitude::float8 AS lat, au.longitude::float8 AS lon,
        ${priceBandSql(sql`au.current_bid`)} AS band
      FROM taken
      JOIN auctions au ON au.id = taken.auction_id
      JOIN users host ON host.id = au.creator_id
      WHERE au.id = ${auctionId}::uuid AND au.is_active AND au.cancelled_at IS NULL AND au.closed_at IS NULL
        AND au.hidden_at IS NULL AND au.end_time > ${now.toISOString()}::timestamptz
        -- coalesce(): stated so, no partial index of users on deleted_at matches it, and the row
        -- is read by its primary key (a partial index walk found it by reading every member).
        AND coalesce(host.suspended_at, host.deleted_at) IS NULL
    ),
    candidates AS (
      SELECT s.id, s.user_id, s.name, s.query
      FROM a JOIN saved_searches s
        ON s.area IS NOT NULL
        AND s.area @> box(point(a.lon, a.lat), point(a.lon, a.lat))
        AND s.date_type IN ('all', a.date_type)
        AND s.price_range IN ('any', a.band)
      WHERE a.lat IS NOT NULL AND a.lon IS NOT NULL
        AND 2 * ${radius}::float8 * asin(least(1, sqrt(
          power(sin(radians(a.lat - s.latitude::float8) / 2), 2)
          + cos(radians(s.latitude::float8)) * cos(radians(a.lat))
            * power(sin(radians(a.lon - s.longitude::float8) / 2), 2)))) <= s.radius_miles
      UNION ALL
      SELECT s.id, s.user_id, s.name, s.query
      FROM a JOIN saved_searches s
        ON s.area IS NULL
        AND s.date_type IN ('all', a.date_type)
        AND s.price_range IN ('any', a.band)
    ),
    matched AS (
      SELECT c.id, c.user_id, c.name
      FROM candidates c, a
      WHERE c.user_id <> a.creator_id
        AND (c.query IS NULL OR strpos(a.haystack, c.query) > 0)
        AND NOT EXISTS (SELECT 1 FROM blocks b
          WHERE (b.blocker_id = c.user_id AND b.blocked_id = a.creator_id)
             OR (b.blocker_id = a.creator_id AND b.blocked_id = c.user_id))
        AND NOT EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.saved_search_id = c.id AND m.auction_id = a.id)
        AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id AND coalesce(u.deleted_at, u.suspended_at) IS NULL)
    ),
    notified AS (
      INSERT INTO notifications (user_id, type, title, message, related_auction_id, related_user_id, created_at)
      SELECT m.user_id, 'saved_search_match', ${SAVED_SEARCH_MATCH_TITLE},
        replace(replace(${SAVED_SEARCH_MATCH_MESSAGE_TEMPLATE}, '{title}', a.title), '{searches}',
          string_agg('"' || m.name || '"', ', ' ORDER BY m.name)),
        a.id, a.creator_id, ${now.toISOString()}::timestamptz
      FROM matched m, a
      GROUP BY m.user_id, a.id, a.title, a.creator_id
      RETURNING id, user_id
    )
    INSERT INTO saved_search_matches (saved_search_id, auction_id, user_id, notification_id, matched_at)
    SELECT m.id, a.id, m.user_id, n.id, ${now.toISOString()}::timestamptz
    FROM matched m JOIN notified n ON n.user_id = m.user_id, a
    RETURNING user_id`;
}

/**
 * The e-mail limit (docs/notifications.md "Saved searches"): a notice's e-mail may go out only
 * if one of its searches had no e-mail in the last `windowMs`. Claims those searches (one
 * conditional UPDATE, so two instances cannot both send) and marks every match of the notice as
 * e-mailed; false when none could be claimed (the matches then wait for the daily digest).
 */
export async function claimMatchEmail(db: Db, notificationId: string, now: Date, windowMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A retry of an e-mail this notice already claimed (the send failed) sends again.
    const [already] = await tx
      .select({ n: count() })
      .from(savedSearchMatches)
      .where(
        sql`${savedSearchMatches.notificationId} = ${notificationId}::uuid AND ${savedSearchMatches.emailedAt} IS NOT NULL`,
      );
    if ((already?.n ?? 0) > 0) return true;
    const claimed = await tx.execute<{ id: string }>(sql`
      UPDATE saved_searches s SET last_emailed_at = ${now.toISOString()}::timestamptz
      WHERE s.id IN (SELECT m.saved_search_id FROM saved_search_matches m WHERE m.notification_id = ${notificationId}::uuid)
        AND (s.last_emailed_at IS NULL OR s.last_emailed_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz)
      RETURNING s.id`);
    if (rowsOf(claimed).length === 0) return false;
    await tx
      .update(savedSearchMatches)
      .set({ emailedAt: now })
      .where(
        sql`${savedSearchMatches.notificationId} = ${notificationId}::uuid AND ${savedSearchMatches.emailedAt} IS NULL`,
      );
    return true;
  });
}

export interface DigestMatch {
  auctionId: string;
  title: string;
  currentBid: string;
}

interface DueRow {
  id: string;
  name: string;
  user_id: string;
  email: string | null;
  first_name: string | null;
  email_enabled: boolean;
}

interface MatchRow {
  auction_id: string;
  title: string;
  current_bid: string;
  open: boolean;
}

export interface ClaimedDigest {
  savedSearchId: string;
  name: string;
  userId: string;
  email: string | null;
  firstName: string | null;
  emailEnabled: boolean;
  matches: DigestMatch[];
}

/**
 * The daily digests due (docs/notifications.md "Saved searches"): searches whose last e-mail is
 * at least `windowMs` old and that matched auctions within that window, which therefore went
 * unmailed (a match after the window reopened goes out alone, by its notice's own e-mail). Each is claimed (its `last_emailed_at`
 * set, its matches marked e-mailed) in this transaction, FOR UPDATE SKIP LOCKED, so one instance
 * sends each digest; matches of auctions no longer open are marked and left out.
 */
export async function claimDueDigests(db: Db, now: Date, windowMs: number, limit: number): Promise<ClaimedDigest[]> {
  const nowText = now.toISOString();
  const since = new Date(now.getTime() - windowMs).toISOString();
  return db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      SELECT s.id, s.name, s.user_id, u.email, u.first_name,
        NOT EXISTS (SELECT 1 FROM notification_preferences p
          WHERE p.user_id = s.user_id AND p.type = 'saved_search_match' AND NOT p.email) AS email_enabled
      FROM saved_searches s JOIN users u ON u.id = s.user_id
      WHERE s.last_emailed_at <= ${since}::timestamptz
        AND EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.saved_search_id = s.id AND m.emailed_at IS NULL
          AND m.matched_at < s.last_emailed_at + ${windowMs / 1000} * interval '1 second')
        AND u.deleted_at IS NULL
      ORDER BY s.last_emailed_at
      LIMIT ${limit}
      FOR UPDATE OF s SKIP LOCKED`);
    const digests: ClaimedDigest[] = [];
    for (const row of rowsOf<DueRow>(due)) {
      const matches = await tx.execute(sql`
        UPDATE saved_search_matches m SET emailed_at = ${nowText}::timestamptz
        FROM auctions a
        WHERE m.saved_search_id = ${row.id}::uuid AND m.emailed_at IS NULL AND a.id = m.auction_id
        RETURNING m.auction_id, a.title, a.current_bid::text AS current_bid,
          (a.is_active AND a.cancelled_at IS NULL AND a.hidden_at IS NULL AND a.end_time > ${nowText}::timestamptz) AS open`);
      const open = rowsOf<MatchRow>(matches).filter((match) => match.open);
      if (open.length === 0) continue;
      await tx.execute(
        sql`UPDATE saved_searches SET last_emailed_at = ${nowText}::timestamptz WHERE id = ${row.id}::uuid`,
      );
      digests.push({
        savedSearchId: row.id,
        name: row.name,
        userId: row.user_id,
        email: row.email,
        firstName: row.first_name,
        emailEnabled: row.email_enabled,
        matches: open.map((match) => ({
          auctionId: match.auction_id,
          title: match.title,
          currentBid: match.current_bid,
        })),
      });
    }
    return digests;
  });
}

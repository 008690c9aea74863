import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Turns the pending_bid_notices rows `which` selects into the bid's notifications (the outbox
 * trigger of migration 0019 adds their deliveries) in ONE statement that also deletes them, so a
 * row becomes notices exactly once: two writers racing for it (the instance's writer and the job
 * for left-behind rows) meet on its row lock, and the second finds it gone. A recipient deleted
 * since the bid gets nothing; a related auction or bidder deleted since is left out of the
 * notice, as the foreign keys' ON DELETE SET NULL would have done. The notices keep the bid's
 * time. Answers who got a notice, for the live signal (docs/notifications.md, "A bid's notices").
 */
async function takePendingBidNotices(db: Db, which: SQL): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    WITH taken AS (
      DELETE FROM pending_bid_notices AS p WHERE p.bid_id IN (${which}) RETURNING p.*
    ), notices AS (
      SELECT t.host_id AS user_id, 'bid_received'::notification_type AS type, t.received_title AS title,
             t.received_message AS message, t.auction_id, t.bidder_id, t.created_at
      FROM taken AS t
      UNION ALL
      SELECT t.outbid_id, 'outbid'::notification_type, t.outbid_title, t.outbid_message, t.auction_id, t.bidder_id,
             t.created_at
      FROM taken AS t
      WHERE t.outbid_id IS NOT NULL
    ), written AS (
      INSERT INTO notifications (user_id, type, title, message, related_auction_id, related_user_id, created_at)
      SELECT n.user_id, n.type, n.title, n.message,
             (SELECT a.id FROM auctions AS a WHERE a.id = n.auction_id),
             (SELECT u.id FROM users AS u WHERE u.id = n.bidder_id),
             n.created_at
      FROM notices AS n
      WHERE EXISTS (SELECT 1 FROM users AS u WHERE u.id = n.user_id)
      RETURNING user_id
    )
    SELECT DISTINCT user_id FROM written`);
  // Both drivers (pg and PGlite) answer a raw statement with `{ rows }`.
  return (result as { rows: Array<{ user_id: string }> }).rows.map((row) => row.user_id);
}

/** The notices of these bids, written right after they committed (the bid notice writer's batch). */
export function writeBidNotices(db: Db, bidIds: readonly string[]): Promise<string[]> {
  if (bidIds.length === 0) return Promise.resolve([]);
  return takePendingBidNotices(
    db,
    sql.join(
      bidIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    ),
  );
}

/** How old a bid's pending notices must be before the lifecycle job writes them for the request. */
export const LEFT_BEHIND_BID_NOTICE_SECONDS = 10;

/**
 * Up to `limit` bids' notices that no request wrote (it died between the bid's commit and its
 * notices, or the write failed) and that are older than `olderThanSeconds`, so the job does not
 * race requests still writing their own. Rows another instance holds are skipped, not waited for.
 */
export function writeLeftBehindBidNotices(
  db: Db,
  options: { olderThanSeconds: number; limit: number },
): Promise<string[]> {
  // The database's clock, the one that stamped the rows (the app's may be a test's).
  return takePendingBidNotices(
    db,
    sql`SELECT q.bid_id FROM pending_bid_notices AS q
        WHERE q.created_at < now() - make_interval(secs => ${options.olderThanSeconds}::double precision)
        LIMIT ${options.limit}::integer FOR UPDATE SKIP LOCKED`,
  );
}

/** Every waiting bid notice that involves `userId` (as bidder, host or outbid member), written now. */
export function writePendingBidNoticesOf(db: Db, userId: string): Promise<string[]> {
  return takePendingBidNotices(
    db,
    sql`SELECT q.bid_id FROM pending_bid_notices AS q
        WHERE ${userId}::uuid IN (q.bidder_id, q.host_id, q.outbid_id) FOR UPDATE`,
  );
}

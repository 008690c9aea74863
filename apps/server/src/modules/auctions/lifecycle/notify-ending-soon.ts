import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { endingSoonMessageParts, LIFECYCLE_TITLES } from './lifecycle.messages.js';
import { rowsOf, timestampParam, uuidList } from '../../../db/sql-helpers.js';

export const ENDING_SOON_BATCH_LIMIT = 100;

export interface EndingSoonNotice {
  auctionId: string;
  /** How many members (bidders and watchers) this run told. */
  bidderCount: number;
}

/** The most late notices (watchers, late bidders) one run sends; the next run sends the rest. */
export const ENDING_SOON_LATE_LIMIT = 1000;

/**
 * Sends 'auction_ending_soon' when an auction's end is within `leadMinutes`
 * (ENDING_SOON_MINUTES) to its bidders and watchers (not its host), once per member and
 * auction: `ending_soon_notices` records who was told, so a soft-close extension, a second run
 * or another instance never repeats it, while a member who starts bidding or watching later
 * still hears. An auction with bids is first claimed by the conditional update that stamps
 * `ending_soon_notified_at` (rows locked with SKIP LOCKED and re-checked), which decides which
 * instance sends its first round; auctions already claimed and auctions without bids (watchers
 * only) are swept for members not yet told. Returns the auctions claimed by this run, each with
 * how many members this run told about it.
 */
export async function notifyEndingSoon(
  db: Db,
  now: Date,
  leadMinutes: number,
  limit = ENDING_SOON_BATCH_LIMIT,
): Promise<EndingSoonNotice[]> {
  const at = timestampParam(now);
  const [before, after] = endingSoonMessageParts(leadMinutes);
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE auctions a
        SET ending_soon_notified_at = ${at}
        WHERE a.id IN (
            SELECT id FROM auctions
            WHERE is_active AND closed_at IS NULL AND ending_soon_notified_at IS NULL AND bid_count > 0
              AND end_time > ${at}
              AND end_time <= ${at} + make_interval(mins => ${leadMinutes}::int)
            ORDER BY end_time, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          AND a.ending_soon_notified_at IS NULL
        RETURNING a.id`),
    );
    const claimedIds = claimed.map((row) => row.id);

    // A new statement sees every bid accepted before the rows were locked; later bids wait for this
    // commit. The notices' primary key makes each (auction, member) pair go out once, whoever races.
    const sent = rowsOf<{ related_auction_id: string }>(
      await tx.execute(sql`
        WITH due AS (
          SELECT a.id, a.title, a.creator_id FROM auctions a
          WHERE a.is_active AND a.closed_at IS NULL AND a.hidden_at IS NULL
            AND a.end_time > ${at}
            AND a.end_time <= ${at} + make_interval(mins => ${leadMinutes}::int)
            AND (a.ending_soon_notified_at IS NOT NULL OR a.bid_count = 0
              ${claimedIds.length > 0 ? sql`OR a.id IN (${uuidList(claimedIds)})` : sql``})
        ), members AS (
          SELECT d.id AS auction_id, b.bidder_id AS user_id FROM due d
          JOIN bids b ON b.auction_id = d.id AND b.voided_at IS NULL
          UNION
          SELECT d.id, w.user_id FROM due d JOIN auction_watches w ON w.auction_id = d.id
        ), fresh AS (
          SELECT m.auction_id, m.user_id FROM members m
          JOIN due d ON d.id = m.auction_id
          WHERE m.user_id <> d.creator_id
            AND NOT EXISTS (SELECT 1 FROM ending_soon_notices e WHERE e.auction_id = m.auction_id AND e.user_id = m.user_id)
          ORDER BY m.auction_id, m.user_id
          LIMIT ${ENDING_SOON_LATE_LIMIT}
        ), told AS (
          INSERT INTO ending_soon_notices (auction_id, user_id)
          SELECT auction_id, user_id FROM fresh
          ON CONFLICT DO NOTHING
          RETURNING auction_id, user_id
        )
        INSERT INTO notifications (user_id, type, title, message, related_auction_id)
        SELECT t.user_id, 'auction_ending_soon'::notification_type, ${LIFECYCLE_TITLES.endingSoon},
               ${before} || d.title || ${after}, t.auction_id
        FROM told t JOIN due d ON d.id = t.auction_id
        RETURNING related_auction_id`),
    );
    const counts = new Map<string, number>();
    for (const row of sent) counts.set(row.related_auction_id, (counts.get(row.related_auction_id) ?? 0) + 1);
    return claimedIds.map((id) => ({ auctionId: id, bidderCount: counts.get(id) ?? 0 }));
  });
}

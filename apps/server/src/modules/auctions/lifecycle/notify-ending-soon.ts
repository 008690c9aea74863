import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { endingSoonMessageParts, LIFECYCLE_TITLES } from './lifecycle.messages.js';
import { rowsOf, timestampParam, uuidList } from './sql-helpers.js';

export const ENDING_SOON_BATCH_LIMIT = 100;

export interface EndingSoonNotice {
  auctionId: string;
  /** How many distinct bidders were told. */
  bidderCount: number;
}

/**
 * Sends 'auction_ending_soon' once per auction to each of its distinct bidders when its end
 * is within `leadMinutes` (ENDING_SOON_MINUTES). The conditional update that stamps
 * `ending_soon_notified_at` decides which instance sends: rows are locked with SKIP LOCKED
 * and re-checked (`ending_soon_notified_at IS NULL`), so a second run, here or on another
 * instance, finds nothing to do. An auction is claimed only once it has a bid, so the
 * notice is not spent on an auction nobody has bid on yet.
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
    if (claimed.length === 0) return [];

    // A new statement sees every bid accepted before the rows were locked; later bids wait for this commit.
    const sent = rowsOf<{ related_auction_id: string }>(
      await tx.execute(sql`
        INSERT INTO notifications (user_id, type, title, message, related_auction_id)
        SELECT DISTINCT b.bidder_id, 'auction_ending_soon'::notification_type, ${LIFECYCLE_TITLES.endingSoon},
               ${before} || a.title || ${after}, a.id
        FROM auctions a
        JOIN bids b ON b.auction_id = a.id
        WHERE a.id IN (${uuidList(claimed.map((row) => row.id))})
        RETURNING related_auction_id`),
    );
    const counts = new Map<string, number>();
    for (const row of sent) counts.set(row.related_auction_id, (counts.get(row.related_auction_id) ?? 0) + 1);
    return claimed.map((row) => ({ auctionId: row.id, bidderCount: counts.get(row.id) ?? 0 }));
  });
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uuidList } from '../../db/sql-helpers.js';

/**
 * Browse's "Best hosts" order (issue 35, docs/the-date.md "Best hosts") is kept on each open
 * auction as `auctions.host_score`, computed by the SQL function `host_score_of` (the migration
 * that added the column), which mirrors the contract's `hostScore(reputationOf(counts))`.
 */

/** The score a new auction of `creatorId` starts with: their reputation now, 0 with no date yet. */
export function hostScoreAtCreationSql(creatorId: string): SQL {
  return sql`coalesce((SELECT host_score_of(r.dates_completed, r.no_shows, r.review_count, r.rating_sum)
    FROM member_reputations r WHERE r.user_id = ${creatorId}::uuid), 0)`;
}

/**
 * Rewrites the score of the open auctions of `userIds` from their recounted reputation: one
 * UPDATE (auctions_creator_idx), touching only the rows whose score changed. Run right after
 * the recount, in its transaction.
 */
export async function refreshHostScores(tx: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    UPDATE auctions a
    SET host_score = s.score
    FROM (SELECT r.user_id, host_score_of(r.dates_completed, r.no_shows, r.review_count, r.rating_sum) AS score
          FROM member_reputations r WHERE r.user_id IN (${uuidList(userIds)})) s
    WHERE a.creator_id = s.user_id AND a.is_active AND a.host_score <> s.score`);
}

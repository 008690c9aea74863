import { EMPTY_REPUTATION, reputationOf, type Reputation } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { memberReputations } from '../../db/schema/index.js';
import { findReputationCounts } from './feedback.repository.js';

/**
 * A host's reputation as the lists select it: the maintained counts of member_reputations
 * (one primary-key probe per card, LEFT JOINed: a member with no date yet has no row).
 * Spread into a Drizzle select's creator object; `reputationFromColumns` turns it into figures.
 */
export const reputationColumns = {
  repDatesCompleted: memberReputations.datesCompleted,
  repNoShows: memberReputations.noShows,
  repReviewCount: memberReputations.reviewCount,
  repRatingSum: memberReputations.ratingSum,
};

/**
 * The same figures as primary-key probes in the select list, for the busiest list: a LEFT JOIN
 * there adds a relation to the planner's join search, which then could pick another way to walk
 * the page (docs/performance.md); a probe per card leaves the page's plan as it was.
 */
export function reputationProbes(creatorId: SQL | AnyColumn) {
  const probe = (column: string) =>
    sql<number | null>`(SELECT r.${sql.raw(column)} FROM member_reputations r WHERE r.user_id = ${creatorId})`;
  return {
    repDatesCompleted: probe('dates_completed'),
    repNoShows: probe('no_shows'),
    repReviewCount: probe('review_count'),
    repRatingSum: probe('rating_sum'),
  };
}

export interface ReputationColumns {
  repDatesCompleted?: number | null;
  repNoShows?: number | null;
  repReviewCount?: number | null;
  repRatingSum?: number | null;
}

export function reputationFromColumns(c: ReputationColumns): Reputation {
  if (c.repDatesCompleted === null || c.repDatesCompleted === undefined) return EMPTY_REPUTATION;
  return reputationOf({
    datesCompleted: Number(c.repDatesCompleted),
    noShows: Number(c.repNoShows ?? 0),
    reviewCount: Number(c.repReviewCount ?? 0),
    ratingSum: Number(c.repRatingSum ?? 0),
  });
}

/** The same columns for one member read on their own (a profile, the host's own answers). */
export async function reputationColumnsOf(db: Db, userId: string): Promise<ReputationColumns> {
  const counts = await findReputationCounts(db, userId);
  return counts
    ? {
        repDatesCompleted: counts.datesCompleted,
        repNoShows: counts.noShows,
        repReviewCount: counts.reviewCount,
        repRatingSum: counts.ratingSum,
      }
    : {};
}

export async function findReputation(db: Db, userId: string): Promise<Reputation> {
  return reputationFromColumns(await reputationColumnsOf(db, userId));
}

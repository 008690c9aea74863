import { HOSTING_NO_SHOW_DAYS, REPORT_REVIEW_HOURS } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, timestampParam, toDate, toDateOrNull, uuidList } from '../../db/sql-helpers.js';
import { refreshHostScores } from './host-score.js';

/**
 * Queries of the feedback after a date and of reputation (docs/the-date.md "Feedback after the
 * date"). Raw SQL where one statement decides under a condition that makes races harmless.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface FeedbackWindowRow {
  auctionId: string;
  auctionTitle: string;
  hostId: string;
  winnerId: string;
  opensAt: Date;
  closesAt: Date;
  revealedAt: Date | null;
}

export interface FeedbackRow {
  id: string;
  auctionId: string;
  authorId: string;
  subjectId: string;
  met: string | null;
  feltSafe: boolean | null;
  again: boolean | null;
  rating: number | null;
  review: string | null;
  submittedAt: Date;
  response: string | null;
  respondedAt: Date | null;
  hiddenAt: Date | null;
  authorName: string | null;
  authorImage: string | null;
  authorDeleted: boolean;
}

function toFeedback(row: Record<string, unknown>): FeedbackRow {
  return {
    id: String(row.id),
    auctionId: String(row.auction_id),
    authorId: String(row.author_id),
    subjectId: String(row.subject_id),
    met: (row.met as string | null) ?? null,
    feltSafe: (row.felt_safe as boolean | null) ?? null,
    again: (row.again as boolean | null) ?? null,
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    review: (row.review as string | null) ?? null,
    submittedAt: toDate(row.submitted_at),
    response: (row.response as string | null) ?? null,
    respondedAt: toDateOrNull(row.responded_at),
    hiddenAt: toDateOrNull(row.hidden_at),
    authorName: (row.author_name as string | null) ?? null,
    authorImage: (row.author_image as string | null) ?? null,
    authorDeleted: row.author_deleted_at !== null && row.author_deleted_at !== undefined,
  };
}

const FEEDBACK_SELECT = sql`
  SELECT f.*, u.first_name AS author_name, u.profile_image_url AS author_image, u.deleted_at AS author_deleted_at
  FROM date_feedback f JOIN users u ON u.id = f.author_id`;

/** Who the auction's two people are, and its date's window if the date is over. */
export async function findAuctionParties(
  db: Db,
  auctionId: string,
): Promise<{ creatorId: string; winnerId: string | null; window: FeedbackWindowRow | null } | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT a.creator_id, a.winner_id, a.title, w.auction_id AS w_auction_id, w.host_id, w.winner_id AS w_winner_id,
             w.opens_at, w.closes_at, w.revealed_at
      FROM auctions a LEFT JOIN date_feedback_windows w ON w.auction_id = a.id
      WHERE a.id = ${auctionId}::uuid`),
  );
  if (!row) return undefined;
  return {
    creatorId: String(row.creator_id),
    winnerId: (row.winner_id as string | null) ?? null,
    window: row.w_auction_id
      ? {
          auctionId,
          auctionTitle: String(row.title),
          hostId: String(row.host_id),
          winnerId: String(row.w_winner_id),
          opensAt: toDate(row.opens_at),
          closesAt: toDate(row.closes_at),
          revealedAt: toDateOrNull(row.revealed_at),
        }
      : null,
  };
}

/** Both feedback rows of a date (zero, one or two). */
export async function listFeedbackOf(db: Db, auctionId: string): Promise<FeedbackRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`${FEEDBACK_SELECT} WHERE f.auction_id = ${auctionId}::uuid ORDER BY f.submitted_at`),
  ).map(toFeedback);
}

export async function findFeedbackById(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`${FEEDBACK_SELECT} WHERE f.id = ${id}::uuid`));
  return row ? toFeedback(row) : undefined;
}

/**
 * Opens the window of a date that has just been settled, if it has none yet (a later
 * settlement, such as a moderator's decision, finds it open). Answers the window when this call
 * opened it.
 */
export async function insertFeedbackWindow(
  tx: Db,
  input: { auctionId: string; hostNoShow: boolean; now: Date; closesAt: Date },
): Promise<{ auctionId: string; title: string; hostId: string; winnerId: string } | undefined> {
  const [row] = rowsOf<{ auction_id: string; host_id: string; winner_id: string }>(
    await tx.execute(sql`
      INSERT INTO date_feedback_windows (auction_id, host_id, winner_id, host_no_show, opens_at, closes_at)
      SELECT d.auction_id, d.host_id, d.winner_id, ${input.hostNoShow}, ${timestampParam(input.now)},
             ${timestampParam(input.closesAt)}
      FROM auction_dates d WHERE d.auction_id = ${input.auctionId}::uuid
      ON CONFLICT (auction_id) DO NOTHING
      RETURNING auction_id, host_id, winner_id`),
  );
  if (!row) return undefined;
  const [auction] = rowsOf<{ title: string }>(
    await tx.execute(sql`SELECT title FROM auctions WHERE id = ${input.auctionId}::uuid`),
  );
  return { auctionId: row.auction_id, title: auction?.title ?? '', hostId: row.host_id, winnerId: row.winner_id };
}

/**
 * Inserts one member's feedback unless they already left it, while the window is open at `now`
 * (checked in the statement, so a submission racing the window's end cannot slip in after it).
 * Undefined when either condition refused it.
 */
export async function insertFeedback(
  tx: Db,
  input: {
    auctionId: string;
    authorId: string;
    subjectId: string;
    met: string;
    feltSafe: boolean;
    again: boolean;
    rating: number | null;
    review: string | null;
    now: Date;
  },
): Promise<string | undefined> {
  const at = timestampParam(input.now);
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO date_feedback (auction_id, author_id, subject_id, met, felt_safe, again, rating, review, submitted_at)
      SELECT ${input.auctionId}::uuid, ${input.authorId}::uuid, ${input.subjectId}::uuid, ${input.met},
             ${input.feltSafe}, ${input.again}, ${input.rating}, ${input.review}, ${at}
      FROM date_feedback_windows w WHERE w.auction_id = ${input.auctionId}::uuid AND w.closes_at > ${at}
      ON CONFLICT (auction_id, author_id) DO NOTHING
      RETURNING id`),
  );
  return row?.id;
}

/** Marks the window revealed (once); answers whether this call did. */
export async function markRevealed(tx: Db, auctionId: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ auction_id: string }>(
    await tx.execute(sql`
      UPDATE date_feedback_windows SET revealed_at = ${timestampParam(now)}
      WHERE auction_id = ${auctionId}::uuid AND revealed_at IS NULL RETURNING auction_id`),
  );
  return rows.length > 0;
}

/** Locks the window's row, so the two people's submissions are counted one after the other. */
export async function lockWindow(tx: Db, auctionId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM date_feedback_windows WHERE auction_id = ${auctionId}::uuid FOR UPDATE`);
}

export async function countFeedback(tx: Db, auctionId: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM date_feedback WHERE auction_id = ${auctionId}::uuid`),
  );
  return Number(row?.n ?? 0);
}

/** Stores the one response to a review; false when one was already there. */
export async function writeResponse(tx: Db, input: { id: string; text: string; now: Date }): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE date_feedback SET response = ${input.text}, responded_at = ${timestampParam(input.now)}
      WHERE id = ${input.id}::uuid AND response IS NULL RETURNING id`),
  );
  return rows.length > 0;
}

/** A review is shown when its window was revealed or has closed at `now`, and no moderator hid it. */
const shownAt = (now: Date) =>
  sql`f.hidden_at IS NULL AND f.rating IS NOT NULL AND (w.revealed_at IS NOT NULL OR w.closes_at <= ${timestampParam(now)})`;

/** One page of a member's shown reviews, newest first (date_feedback_subject_idx). */
export async function listShownReviews(
  db: Db,
  input: { subjectId: string; limit: number; offset: number; now: Date },
): Promise<FeedbackRow[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT f.*, u.first_name AS author_name, u.profile_image_url AS author_image, u.deleted_at AS author_deleted_at
      FROM date_feedback f
      JOIN date_feedback_windows w ON w.auction_id = f.auction_id
      JOIN users u ON u.id = f.author_id
      WHERE f.subject_id = ${input.subjectId}::uuid AND ${shownAt(input.now)}
      ORDER BY f.submitted_at DESC, f.id DESC
      LIMIT ${input.limit} OFFSET ${input.offset}`),
  ).map(toFeedback);
}

/** Whether a review may be reported at `now`: shown (revealed, not hidden). Answers its author. */
export async function findShownReviewAuthor(db: Db, id: string, now: Date): Promise<string | undefined> {
  const [row] = rowsOf<{ author_id: string }>(
    await db.execute(sql`
      SELECT f.author_id FROM date_feedback f JOIN date_feedback_windows w ON w.auction_id = f.auction_id
      WHERE f.id = ${id}::uuid AND ${shownAt(now)}`),
  );
  return row?.author_id;
}

/**
 * Recounts the reputation of `userIds` from the windows and the feedback (docs/trust-and-safety.md
 * "Reliability"): dates over, no-shows (decided by the clock, or said by the other person and not
 * overturned), and the reviews shown at `now`. One statement per batch; idempotent.
 */
export async function refreshReputations(tx: Db, userIds: readonly string[], now: Date): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const at = timestampParam(now);
  await tx.execute(sql`
    INSERT INTO member_reputations (user_id, dates_completed, no_shows, review_count, rating_sum, updated_at)
    SELECT m.id,
      (SELECT count(*) FROM date_feedback_windows w WHERE w.host_id = m.id OR w.winner_id = m.id)::int,
      (SELECT count(*) FROM date_feedback_windows w
        WHERE (w.host_id = m.id OR w.winner_id = m.id)
          AND ((w.host_id = m.id AND w.host_no_show)
            OR EXISTS (SELECT 1 FROM date_feedback f WHERE f.auction_id = w.auction_id AND f.subject_id = m.id
                        AND f.met = 'they_did_not_show' AND f.no_show_overturned_at IS NULL)))::int,
      (SELECT count(*) FROM date_feedback f JOIN date_feedback_windows w ON w.auction_id = f.auction_id
        WHERE f.subject_id = m.id AND ${shownAt(now)})::int,
      (SELECT coalesce(sum(f.rating), 0) FROM date_feedback f JOIN date_feedback_windows w ON w.auction_id = f.auction_id
        WHERE f.subject_id = m.id AND ${shownAt(now)})::int,
      ${at}
    FROM users m WHERE m.id IN (${uuidList(ids)})
    ON CONFLICT (user_id) DO UPDATE SET dates_completed = excluded.dates_completed, no_shows = excluded.no_shows,
      review_count = excluded.review_count, rating_sum = excluded.rating_sum, updated_at = excluded.updated_at`);
  // Their open auctions move in browse's "Best hosts" order with the figures (docs/the-date.md).
  await refreshHostScores(tx, ids);
}

export interface ReputationCounts {
  datesCompleted: number;
  noShows: number;
  reviewCount: number;
  ratingSum: number;
}

export async function findReputationCounts(db: Db, userId: string): Promise<ReputationCounts | undefined> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      SELECT dates_completed, no_shows, review_count, rating_sum FROM member_reputations WHERE user_id = ${userId}::uuid`),
  );
  return row
    ? {
        datesCompleted: Number(row.dates_completed),
        noShows: Number(row.no_shows),
        reviewCount: Number(row.review_count),
        ratingSum: Number(row.rating_sum),
      }
    : undefined;
}

/**
 * A host's no-shows in dates over within HOSTING_NO_SHOW_DAYS of `now`, since their last lifted
 * suspension (a lifted suspension is not re-imposed by the same no-shows).
 */
export async function countRecentHostNoShows(tx: Db, hostId: string, now: Date): Promise<number> {
  const since = timestampParam(new Date(now.getTime() - HOSTING_NO_SHOW_DAYS * DAY_MS));
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      SELECT count(*)::int AS n FROM date_feedback_windows w
      WHERE w.host_id = ${hostId}::uuid AND w.opens_at > ${since} AND w.opens_at <= ${timestampParam(now)}
        AND w.opens_at > coalesce((SELECT max(s.lifted_at) FROM hosting_suspensions s
                                   WHERE s.user_id = w.host_id AND s.lifted_at IS NOT NULL), '-infinity'::timestamptz)
        AND (w.host_no_show OR EXISTS (SELECT 1 FROM date_feedback f WHERE f.auction_id = w.auction_id
              AND f.subject_id = w.host_id AND f.met = 'they_did_not_show' AND f.no_show_overturned_at IS NULL))`),
  );
  return Number(row?.n ?? 0);
}

/** Opens a hosting suspension (at most one open per member); answers whether this call did. */
export async function insertHostingSuspension(
  tx: Db,
  input: { userId: string; noShows: number; now: Date },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO hosting_suspensions (user_id, no_shows, created_at)
      VALUES (${input.userId}::uuid, ${input.noShows}, ${timestampParam(input.now)})
      ON CONFLICT (user_id) WHERE lifted_at IS NULL DO NOTHING RETURNING id`),
  );
  return rows.length > 0;
}

export async function isHostingSuspended(db: Db, userId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT id FROM hosting_suspensions WHERE user_id = ${userId}::uuid AND lifted_at IS NULL LIMIT 1`),
  );
  return rows.length > 0;
}

export async function liftHostingSuspension(
  tx: Db,
  input: { userId: string; by: string; now: Date },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE hosting_suspensions SET lifted_at = ${timestampParam(input.now)}, lifted_by = ${input.by}::uuid
      WHERE user_id = ${input.userId}::uuid AND lifted_at IS NULL RETURNING id`),
  );
  return rows.length > 0;
}

/**
 * Opens a moderation case in the existing queue (the reports table), due REPORT_REVIEW_HOURS
 * later. `reporterId` null for cases the system opens on its own.
 */
export async function insertCase(
  tx: Db,
  input: {
    reporterId: string | null;
    targetType: 'date' | 'user';
    targetId: string;
    reportedUserId: string;
    reason: 'unsafe_date' | 'no_show';
    details: string;
    now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO reports (reporter_id, target_type, target_id, reported_user_id, reason, details, status, created_at, due_at)
    VALUES (${input.reporterId}, ${input.targetType}, ${input.targetId}::uuid, ${input.reportedUserId}::uuid,
            ${input.reason}, ${input.details}, 'open', ${timestampParam(input.now)},
            ${timestampParam(new Date(input.now.getTime() + REPORT_REVIEW_HOURS * HOUR_MS))})
    ON CONFLICT DO NOTHING`);
}

/** Windows whose reminder is due at `now` (FEEDBACK_REMINDER_DAYS after opening), claimed once. */
export async function claimDueReminders(
  tx: Db,
  input: { now: Date; openedBefore: Date; limit: number },
): Promise<Array<{ auctionId: string; title: string; missing: string[] }>> {
  const at = timestampParam(input.now);
  const rows = rowsOf<{
    auction_id: string;
    title: string;
    host_id: string;
    winner_id: string;
    authors: string[] | null;
  }>(
    await tx.execute(sql`
      WITH due AS (
        SELECT auction_id FROM date_feedback_windows
        WHERE reminded_at IS NULL AND revealed_at IS NULL AND opens_at <= ${timestampParam(input.openedBefore)}
          AND closes_at > ${at}
        ORDER BY opens_at LIMIT ${input.limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE date_feedback_windows w SET reminded_at = ${at}
      FROM due, auctions a
      WHERE w.auction_id = due.auction_id AND a.id = w.auction_id AND w.reminded_at IS NULL
      RETURNING w.auction_id, a.title, w.host_id, w.winner_id,
        (SELECT array_agg(f.author_id::text) FROM date_feedback f WHERE f.auction_id = w.auction_id) AS authors`),
  );
  return rows.map((row) => {
    const authors = new Set(row.authors ?? []);
    return {
      auctionId: row.auction_id,
      title: row.title,
      missing: [row.host_id, row.winner_id].filter((id) => !authors.has(id)),
    };
  });
}

/** Windows closed at `now` and not yet revealed, claimed once: answers their two people. */
export async function claimClosedWindows(
  tx: Db,
  input: { now: Date; limit: number },
): Promise<Array<{ auctionId: string; hostId: string; winnerId: string }>> {
  const at = timestampParam(input.now);
  const rows = rowsOf<{ auction_id: string; host_id: string; winner_id: string }>(
    await tx.execute(sql`
      WITH due AS (
        SELECT auction_id FROM date_feedback_windows
        WHERE revealed_at IS NULL AND closes_at <= ${at}
        ORDER BY closes_at LIMIT ${input.limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE date_feedback_windows w SET revealed_at = ${at}
      FROM due WHERE w.auction_id = due.auction_id AND w.revealed_at IS NULL
      RETURNING w.auction_id, w.host_id, w.winner_id`),
  );
  return rows.map((row) => ({ auctionId: row.auction_id, hostId: row.host_id, winnerId: row.winner_id }));
}

/** What the account export holds of a member's own feedback (docs/accounts.md). */
export async function listFeedbackWrittenBy(db: Db, userId: string) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT f.auction_id, a.title, f.met, f.felt_safe, f.again, f.rating, f.review, f.submitted_at,
             f.response, f.responded_at
      FROM date_feedback f JOIN auctions a ON a.id = f.auction_id
      WHERE f.author_id = ${userId}::uuid ORDER BY f.submitted_at`),
  );
}

/**
 * Clears the private answers a deleted member wrote; their public reviews stay (as "A former
 * member"). The people a cleared no-show answer was about have their reputation recounted.
 */
export async function clearPrivateAnswersOf(tx: Db, userId: string, now: Date): Promise<void> {
  const rows = rowsOf<{ subject_id: string; was_no_show: boolean }>(
    await tx.execute(sql`
      UPDATE date_feedback f SET met = NULL, felt_safe = NULL, again = NULL, private_deleted_at = ${timestampParam(now)}
      FROM date_feedback before
      WHERE before.id = f.id AND f.author_id = ${userId}::uuid AND f.private_deleted_at IS NULL
      RETURNING f.subject_id, (before.met = 'they_did_not_show') AS was_no_show`),
  );
  await refreshReputations(
    tx,
    rows.filter((row) => row.was_no_show).map((row) => row.subject_id),
    now,
  );
}

/** A moderator hides a review (once); answers whose reputation changes. */
export async function hideReview(tx: Db, input: { id: string; now: Date }): Promise<string | undefined> {
  const [row] = rowsOf<{ subject_id: string }>(
    await tx.execute(sql`
      UPDATE date_feedback SET hidden_at = ${timestampParam(input.now)}
      WHERE id = ${input.id}::uuid AND hidden_at IS NULL RETURNING subject_id`),
  );
  return row?.subject_id;
}

/** A moderator finds a `they_did_not_show` answer untrue; answers whose record it was on. */
export async function overturnNoShow(
  tx: Db,
  input: { auctionId: string; authorId: string; now: Date },
): Promise<string | undefined> {
  const [row] = rowsOf<{ subject_id: string }>(
    await tx.execute(sql`
      UPDATE date_feedback SET no_show_overturned_at = ${timestampParam(input.now)}
      WHERE auction_id = ${input.auctionId}::uuid AND author_id = ${input.authorId}::uuid
        AND met = 'they_did_not_show' AND no_show_overturned_at IS NULL
      RETURNING subject_id`),
  );
  return row?.subject_id;
}

/** Whether a member's reviews may be shown at all: exists, deleted or suspended. */
export async function findReviewedMember(
  db: Db,
  id: string,
): Promise<{ id: string; deletedAt: Date | null; suspendedAt: Date | null } | undefined> {
  const [row] = rowsOf<{ id: string; deleted_at: unknown; suspended_at: unknown }>(
    await db.execute(sql`SELECT id, deleted_at, suspended_at FROM users WHERE id = ${id}::uuid`),
  );
  return row
    ? { id: row.id, deletedAt: toDateOrNull(row.deleted_at), suspendedAt: toDateOrNull(row.suspended_at) }
    : undefined;
}

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auctionDates } from './dates.js';
import { createdAt, requiredRef, timestamptz } from './columns.js';
import { users } from './users.js';

/**
 * Feedback after every date and the reputation it builds (issue 35, docs/the-date.md "Feedback
 * after the date", docs/trust-and-safety.md "Reliability and the safety loop").
 */

/**
 * A date's feedback window: opened (and both people asked) in the transaction that first
 * settles the date, whoever or whatever ended it. Every time rule of the window reads the app's
 * clock; the columns only record what was done, so each step happens once.
 */
export const dateFeedbackWindows = pgTable(
  'date_feedback_windows',
  {
    auctionId: uuid('auction_id')
      .primaryKey()
      .references(() => auctionDates.auctionId),
    hostId: requiredRef('host_id', () => users.id),
    winnerId: requiredRef('winner_id', () => users.id),
    /** The clock decided the host did not come (the date's first settlement was a host no-show). */
    hostNoShow: boolean('host_no_show').notNull().default(false),
    opensAt: timestamptz('opens_at').notNull(),
    closesAt: timestamptz('closes_at').notNull(),
    remindedAt: timestamptz('reminded_at'),
    /** Both submitted, or the job saw the window close: reviews show and reputations were recounted. */
    revealedAt: timestamptz('revealed_at'),
  },
  (t) => [
    index('date_feedback_windows_host_idx').on(t.hostId, t.opensAt),
    index('date_feedback_windows_winner_idx').on(t.winnerId, t.opensAt),
    // The feedback job's queues: reminders due, windows to close.
    index('date_feedback_windows_remind_idx')
      .on(t.opensAt)
      .where(sql`${t.remindedAt} IS NULL AND ${t.revealedAt} IS NULL`),
    index('date_feedback_windows_reveal_idx')
      .on(t.closesAt)
      .where(sql`${t.revealedAt} IS NULL`),
  ],
);

/**
 * One person's feedback about the other, never edited after it is written. `met`, `feltSafe`
 * and `again` are private (moderators only) and are cleared when the author deletes their
 * account; the rating and review are public once revealed.
 */
export const dateFeedback = pgTable(
  'date_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: requiredRef('auction_id', () => dateFeedbackWindows.auctionId),
    authorId: requiredRef('author_id', () => users.id),
    subjectId: requiredRef('subject_id', () => users.id),
    met: varchar('met', { length: 20 }),
    feltSafe: boolean('felt_safe'),
    again: boolean('again'),
    rating: smallint('rating'),
    review: varchar('review', { length: 1000 }),
    submittedAt: timestamptz('submitted_at').notNull(),
    response: varchar('response', { length: 500 }),
    respondedAt: timestamptz('responded_at'),
    /** A moderator hid the review (audit-logged, the author told). */
    hiddenAt: timestamptz('hidden_at'),
    /** A moderator found a `they_did_not_show` answer untrue: it no longer counts. */
    noShowOverturnedAt: timestamptz('no_show_overturned_at'),
    /** The author deleted their account: the private answers above were cleared. */
    privateDeletedAt: timestamptz('private_deleted_at'),
  },
  (t) => [
    uniqueIndex('date_feedback_one_per_author').on(t.auctionId, t.authorId),
    // A member's reviews, newest first (GET /api/users/{id}/reviews).
    index('date_feedback_subject_idx').on(t.subjectId, t.submittedAt),
    index('date_feedback_author_idx').on(t.authorId),
    check('date_feedback_rating_range', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    check(
      'date_feedback_met_values',
      sql`${t.met} IS NULL OR ${t.met} IN ('yes', 'they_did_not_show', 'i_did_not_go')`,
    ),
    check('date_feedback_review_has_rating', sql`${t.review} IS NULL OR ${t.rating} IS NOT NULL`),
  ],
);

/**
 * The reputation figures of each member who has had a date, recounted from the windows and the
 * feedback whenever one of them changes (a date over, a reveal, a moderator's decision), so
 * every card's host costs one primary-key probe instead of an aggregate per card.
 */
export const memberReputations = pgTable('member_reputations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  datesCompleted: integer('dates_completed').notNull().default(0),
  noShows: integer('no_shows').notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * Hosting suspended after HOSTING_NO_SHOW_LIMIT host no-shows within HOSTING_NO_SHOW_DAYS: new
 * auctions are refused until a moderator lifts it. At most one open suspension per member.
 */
export const hostingSuspensions = pgTable(
  'hosting_suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id),
    noShows: integer('no_shows').notNull(),
    createdAt: createdAt(),
    liftedAt: timestamptz('lifted_at'),
    liftedBy: uuid('lifted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('hosting_suspensions_one_open')
      .on(t.userId)
      .where(sql`${t.liftedAt} IS NULL`),
    index('hosting_suspensions_user_idx').on(t.userId, t.createdAt),
  ],
);

export type DateFeedbackWindow = typeof dateFeedbackWindows.$inferSelect;
export type DateFeedback = typeof dateFeedback.$inferSelect;

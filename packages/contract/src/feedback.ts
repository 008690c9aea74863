/**
 * Feedback after every date and the reputation it builds (issue 35, docs/the-date.md "Feedback
 * after the date", docs/trust-and-safety.md "Reliability and the safety loop"). The rules here are
 * shared by the server, which enforces them, and the web app, which shows them.
 */

// Types only: pages that show a rule here load no zod (feedback-schemas.ts holds the schemas).
import type { z } from 'zod';
import type { feedbackStateSchema, publicReviewSchema, reviewsPageSchema } from './feedback-schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long after the date is over both people may leave feedback. */
export const FEEDBACK_WINDOW_DAYS = 14;
/** One reminder this long after the request, to whoever has not answered. */
export const FEEDBACK_REMINDER_DAYS = 3;
export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 1000;
export const RESPONSE_MAX_LENGTH = 500;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Below this many dates the show-up rate is null: one bad evening does not define anyone. */
export const REPUTATION_MIN_DATES = 3;
/** Below this many revealed reviews the average rating is null. */
export const REPUTATION_MIN_REVIEWS = 3;
/** "Top host": at least this many dates, this share shown up and this average. */
export const TOP_HOST_MIN_DATES = 5;
export const TOP_HOST_MIN_SHOW_UP_RATE = 0.95;
export const TOP_HOST_MIN_AVERAGE_RATING = 4.7;
/** Hosting is suspended at this many host no-shows within HOSTING_NO_SHOW_DAYS. */
export const HOSTING_NO_SHOW_LIMIT = 3;
export const HOSTING_NO_SHOW_DAYS = 90;
/** Reviews per page of GET /api/users/{id}/reviews. */
export const REVIEWS_PAGE_SIZE = 10;

export const MET_ANSWERS = ['yes', 'they_did_not_show', 'i_did_not_go'] as const;
export type MetAnswer = (typeof MET_ANSWERS)[number];

export const FEEDBACK_MESSAGES = {
  notOver: 'You can leave feedback once the date is over.',
  closed: 'The feedback window for this date has closed.',
  alreadySubmitted: 'You have already left feedback for this date.',
  metRequired: 'Tell us whether you met.',
  feltSafeRequired: 'Tell us whether you felt safe.',
  againRequired: 'Tell us whether you would go on another outing with them.',
  ratingInvalid: `Pick a rating from ${RATING_MIN} to ${RATING_MAX} stars.`,
  reviewTooShort: `A review needs at least ${REVIEW_MIN_LENGTH} characters.`,
  reviewTooLong: `A review can be at most ${REVIEW_MAX_LENGTH} characters.`,
  reviewNeedsRating: 'Give a star rating with your review.',
  responseRequired: 'Write your response.',
  responseTooLong: `A response can be at most ${RESPONSE_MAX_LENGTH} characters.`,
  responseNotYet: 'You can respond once their review is shown.',
  noReviewToAnswer: 'There is no review of you to respond to.',
  alreadyResponded: 'You have already responded to this review.',
  reviewNotFound: 'Review not found',
  hostingSuspended:
    'You cannot create auctions right now: you did not show up to 3 dates you hosted in the last 90 days. ' +
    'To appeal, reply to the notice we sent you and a moderator will review it.',
} as const;

/** The form's words (the Date Mode page after the date). */
export const FEEDBACK_COPY = {
  heading: 'How did it go?',
  intro: 'Only our moderators see your answers to the first three questions.',
  metQuestion: 'Did you meet?',
  metLabels: {
    yes: 'Yes, we met',
    they_did_not_show: 'They did not show up',
    i_did_not_go: 'I did not go',
  } satisfies Record<MetAnswer, string>,
  feltSafeQuestion: 'Did you feel safe?',
  againQuestion: 'Would you go on another outing with them?',
  yes: 'Yes',
  no: 'No',
  publicHeading: 'Public review (optional)',
  publicHint: 'Shown on their profile once you have both written, or when the 14 days end.',
  ratingLabel: 'Rating',
  reviewLabel: 'Review',
  submit: 'Send feedback',
  submitted: 'Thanks: your feedback was sent. It cannot be changed.',
  waiting: 'Their review shows here once they have written theirs, or when the window closes.',
  theirReview: 'Their review of you',
  yourReview: 'Your review',
  responseLabel: 'Your public response',
  respond: 'Post response',
  windowEnds: 'You can leave feedback until',
  closedNotice: 'The feedback window for this date has closed.',
} as const;

/** The words of reputation on cards, the auction page and the profile. */
export const REPUTATION_COPY = {
  newHost: 'New host',
  topHost: 'Top host',
  alwaysShowedUp: 'always showed up',
  formerMember: 'A former member',
  reviewsHeading: 'Reviews',
  noReviews: 'No reviews yet.',
  responseFrom: 'Response from',
  reportReview: 'Report review',
  moreReviews: 'More reviews',
  openAuctions: 'Open auctions',
  noOpenAuctions: 'No open auctions right now.',
} as const;

/** Notices (in the app and through the alert outbox as `feedback_request`). */
export const FEEDBACK_NOTICES = {
  requestTitle: 'How did your date go?',
  request: (title: string) =>
    `Tell us how "${title}" went. Your answers about safety stay private; you have ${FEEDBACK_WINDOW_DAYS} days.`,
  reminderTitle: 'A reminder: how did your date go?',
  reminder: (title: string) => `You have not left feedback for "${title}" yet.`,
  reviewHiddenTitle: 'Your review was removed',
  reviewHidden: (reasons: string) => `Our moderators removed a review you wrote. Reasons: ${reasons}`,
  hostingSuspendedTitle: 'Hosting is paused on your account',
} as const;

// ---------------------------------------------------------------------------------------------
// The reveal rule
// ---------------------------------------------------------------------------------------------

/** When the feedback window of a date that was over at `overAt` closes. */
export function feedbackClosesAt(overAt: Date | string): Date {
  return new Date(new Date(overAt).getTime() + FEEDBACK_WINDOW_DAYS * DAY_MS);
}

/** When the one reminder is due. */
export function feedbackReminderAt(overAt: Date | string): Date {
  return new Date(new Date(overAt).getTime() + FEEDBACK_REMINDER_DAYS * DAY_MS);
}

/** Whether feedback is still accepted at `now` (the window is open up to, not at, its end). */
export function isFeedbackWindowOpen(closesAt: Date | string, now: Date | number): boolean {
  return new Date(now).getTime() < new Date(closesAt).getTime();
}

/**
 * Whether the reviews of a date are shown: once both people have submitted, or once the window
 * has closed (then whatever was submitted). Neither person can see the other's review before,
 * so nobody writes in fear of, or in answer to, the other's.
 */
export function isFeedbackRevealed(input: {
  submittedCount: number;
  closesAt: Date | string;
  now: Date | number;
}): boolean {
  return input.submittedCount >= 2 || !isFeedbackWindowOpen(input.closesAt, input.now);
}

// ---------------------------------------------------------------------------------------------
// Reputation
// ---------------------------------------------------------------------------------------------

export interface Reputation {
  datesCompleted: number;
  /** From 0 to 1, null below REPUTATION_MIN_DATES dates. */
  showUpRate: number | null;
  reviewCount: number;
  /** Rounded to one decimal, null below REPUTATION_MIN_REVIEWS reviews. */
  averageRating: number | null;
}

export const EMPTY_REPUTATION: Reputation = {
  datesCompleted: 0,
  showUpRate: null,
  reviewCount: 0,
  averageRating: null,
};

/** The public figures from the counts the server keeps. */
export function reputationOf(counts: {
  datesCompleted: number;
  noShows: number;
  reviewCount: number;
  ratingSum: number;
}): Reputation {
  const { datesCompleted, noShows, reviewCount, ratingSum } = counts;
  return {
    datesCompleted,
    showUpRate:
      datesCompleted >= REPUTATION_MIN_DATES
        ? Math.round(((datesCompleted - Math.min(noShows, datesCompleted)) / datesCompleted) * 1000) / 1000
        : null,
    reviewCount,
    averageRating: reviewCount >= REPUTATION_MIN_REVIEWS ? Math.round((ratingSum / reviewCount) * 10) / 10 : null,
  };
}

export function isTopHost(r: Reputation): boolean {
  return (
    r.datesCompleted >= TOP_HOST_MIN_DATES &&
    r.showUpRate !== null &&
    r.showUpRate >= TOP_HOST_MIN_SHOW_UP_RATE &&
    r.averageRating !== null &&
    r.averageRating >= TOP_HOST_MIN_AVERAGE_RATING
  );
}

/**
 * Where a host stands in browse's "Best hosts" order (docs/the-date.md "Best hosts"), higher
 * first: Top hosts, then by show-up rate, then by average rating, then by dates completed, each
 * known figure above an unknown one; new hosts (no date yet) score 0 and come last. One number,
 * so the server keeps it on each open auction (`auctions.host_score`, the SQL function
 * `host_score` mirrors this from the counts) and pages it by an index.
 */
export function hostScore(r: Reputation): number {
  if (r.datesCompleted === 0) return 0;
  const top = isTopHost(r) ? 1 : 0;
  const rate = r.showUpRate === null ? 0 : Math.round(r.showUpRate * 1000) + 1;
  const rating = r.averageRating === null ? 0 : Math.round(r.averageRating * 10) + 1;
  return top * 1e12 + rate * 1e8 + rating * 1e5 + Math.min(r.datesCompleted, 99_999);
}

/** "12 dates · always showed up · ★ 4.8 (9)", "2 dates", or "New host". */
export function formatReputation(r: Reputation): string {
  if (r.datesCompleted === 0 && r.reviewCount === 0) return REPUTATION_COPY.newHost;
  const parts = [`${r.datesCompleted} ${r.datesCompleted === 1 ? 'date' : 'dates'}`];
  if (r.showUpRate !== null) {
    parts.push(
      r.showUpRate >= 1 ? REPUTATION_COPY.alwaysShowedUp : `showed up ${Math.floor(r.showUpRate * 100)}% of the time`,
    );
  }
  if (r.averageRating !== null) parts.push(`★ ${r.averageRating.toFixed(1)} (${r.reviewCount})`);
  return parts.join(' · ');
}

/** A public review as both people and the profile show it (its schema: feedback-schemas.ts). */
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/auctions/{id}/feedback: never the other person's private answers. */
export type FeedbackState = z.infer<typeof feedbackStateSchema>;

/** GET /api/users/{id}/reviews. */
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

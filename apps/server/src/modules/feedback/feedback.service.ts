import {
  DATE_MESSAGES,
  FEEDBACK_COPY,
  FEEDBACK_MESSAGES,
  isFeedbackRevealed,
  isFeedbackWindowOpen,
  isUuid,
  REPUTATION_COPY,
  REVIEW_REFUSAL_MESSAGES,
  REVIEW_REWRITE_MESSAGES,
  REVIEWS_PAGE_SIZE,
  USER_NOT_FOUND_MESSAGE,
  type FeedbackState,
  type MetAnswer,
  type PublicReview,
  type ReviewsPage,
  type SubmitFeedbackInput,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { screenFields } from '../../lib/screening/screen.js';
import { hasBlocked } from '../blocks/blocks.service.js';
import { isModerator } from '../../plugins/moderators.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { suspendHostingIfDue } from './feedback-window.js';
import {
  clearPrivateAnswersOf,
  countFeedback,
  findAuctionParties,
  findReviewedMember,
  findShownReviewAuthor,
  hideReview,
  insertCase,
  insertFeedback,
  isHostingSuspended,
  liftHostingSuspension,
  listFeedbackOf,
  listFeedbackWrittenBy,
  listShownReviews,
  lockWindow,
  markRevealed,
  overturnNoShow,
  refreshReputations,
  writeResponse,
  type FeedbackRow,
  type FeedbackWindowRow,
} from './feedback.repository.js';

/**
 * Feedback after a date (docs/the-date.md "Feedback after the date"): both people are asked once
 * the date is over; private answers go to moderators only; public reviews show once both have
 * written or the window has closed; one public response per review. Every time rule reads
 * `deps.now`, the app's clock.
 */

export interface FeedbackDeps {
  db: Db;
  now: () => Date;
  realtime: Pick<RealtimePublisher, 'publishToUser'>;
}

const iso = (d: Date) => d.toISOString();

/** The date's two people and its window; anyone else, and a malformed id, is a 404 as on the date routes. */
async function authorize(db: Db, userId: string, auctionId: string) {
  if (!isUuid(auctionId)) throw notFound(DATE_MESSAGES.notFound);
  const parties = await findAuctionParties(db, auctionId);
  if (!parties || (parties.creatorId !== userId && parties.winnerId !== userId)) throw notFound(DATE_MESSAGES.notFound);
  const otherId = parties.creatorId === userId ? parties.winnerId : parties.creatorId;
  return { window: parties.window, otherId };
}

export function presentReview(row: FeedbackRow): PublicReview {
  return {
    id: row.id,
    auctionId: row.auctionId,
    author: row.authorDeleted
      ? { id: null, name: REPUTATION_COPY.formerMember, profileImageUrl: null }
      : { id: row.authorId, name: row.authorName?.trim() || 'Anonymous', profileImageUrl: row.authorImage },
    rating: row.rating,
    review: row.review,
    submittedAt: iso(row.submittedAt),
    response: row.response && row.respondedAt ? { text: row.response, respondedAt: iso(row.respondedAt) } : null,
  };
}

function stateOf(userId: string, window: FeedbackWindowRow | null, rows: FeedbackRow[], now: Date): FeedbackState {
  if (!window) {
    return {
      opensAt: null,
      closesAt: null,
      isOpen: false,
      isRevealed: false,
      mine: null,
      otherHasSubmitted: false,
      theirs: null,
      canRespond: false,
    };
  }
  const mine = rows.find((row) => row.authorId === userId);
  const theirs = rows.find((row) => row.authorId !== userId);
  const isRevealed =
    window.revealedAt !== null || isFeedbackRevealed({ submittedCount: rows.length, closesAt: window.closesAt, now });
  const theirsShown = isRevealed && theirs && theirs.rating !== null && theirs.hiddenAt === null ? theirs : undefined;
  return {
    opensAt: iso(window.opensAt),
    closesAt: iso(window.closesAt),
    isOpen: isFeedbackWindowOpen(window.closesAt, now),
    isRevealed,
    mine: mine
      ? {
          met: mine.met as MetAnswer | null,
          feltSafe: mine.feltSafe,
          again: mine.again,
          rating: mine.rating,
          review: mine.review,
          submittedAt: iso(mine.submittedAt),
          response:
            isRevealed && mine.response && mine.respondedAt
              ? { text: mine.response, respondedAt: iso(mine.respondedAt) }
              : null,
        }
      : null,
    otherHasSubmitted: theirs !== undefined,
    // Only the public part of theirs, and only once revealed: never their private answers.
    theirs: theirsShown ? presentReview(theirsShown) : null,
    canRespond: theirsShown !== undefined && theirsShown.response === null,
  };
}

/** GET /api/auctions/{id}/feedback. */
export async function getFeedback(deps: FeedbackDeps, userId: string, auctionId: string): Promise<FeedbackState> {
  const { window } = await authorize(deps.db, userId, auctionId);
  const rows = window ? await listFeedbackOf(deps.db, auctionId) : [];
  return stateOf(userId, window, rows, deps.now());
}

const MET_WORDS: Record<MetAnswer, string> = FEEDBACK_COPY.metLabels;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Screens a public review or response (docs/trust-and-safety.md "Screening") before anything is
 * stored. Neither can be edited after it is sent, so what the screening would hold for a
 * moderator elsewhere is refused here too, with a message asking for a rewrite: a held review
 * would either vanish for days or be shown unchecked, and the author could not fix it.
 */
function screenPublicText(field: 'review' | 'text', text: string | undefined): void {
  if (text === undefined) return;
  const screened = screenFields({ [field]: text }, { surface: 'review' });
  const reason = screened.reasons[0];
  if (!reason) return;
  if (screened.verdict === 'refuse') throw badRequest(REVIEW_REFUSAL_MESSAGES[reason.category], field);
  if (screened.verdict === 'hold') throw badRequest(REVIEW_REWRITE_MESSAGES[reason.category], field);
}

/**
 * POST /api/auctions/{id}/feedback. Once per person, while the window is open. In one
 * transaction: the feedback, a moderation case when they did not feel safe or the other did not
 * show, the reveal when this is the second, and the reputations it changes.
 */
export async function submitFeedback(
  deps: FeedbackDeps,
  userId: string,
  auctionId: string,
  input: SubmitFeedbackInput,
): Promise<FeedbackState> {
  const { window, otherId } = await authorize(deps.db, userId, auctionId);
  if (!window || !otherId) throw conflict(FEEDBACK_MESSAGES.notOver);
  const now = deps.now();
  if (!isFeedbackWindowOpen(window.closesAt, now)) throw conflict(FEEDBACK_MESSAGES.closed);
  screenPublicText('review', input.review);

  await deps.db.transaction(async (tx) => {
    // The two people's submissions are counted one after the other, so exactly one reveals.
    await lockWindow(tx, auctionId);
    const id = await insertFeedback(tx, {
      auctionId,
      authorId: userId,
      subjectId: otherId,
      met: input.met,
      feltSafe: input.feltSafe,
      again: input.again,
      rating: input.rating ?? null,
      review: input.review ?? null,
      now,
    });
    if (!id) {
      // Either already submitted, or the window closed between the check above and the insert.
      const mine = (await listFeedbackOf(tx, auctionId)).some((row) => row.authorId === userId);
      throw conflict(mine ? FEEDBACK_MESSAGES.alreadySubmitted : FEEDBACK_MESSAGES.closed);
    }
    if (!input.feltSafe || input.met === 'they_did_not_show') {
      await insertCase(tx, {
        reporterId: userId,
        targetType: 'date',
        targetId: auctionId,
        reportedUserId: otherId,
        // One case per answer: feeling unsafe comes first, the no-show is in its details either way.
        reason: input.feltSafe ? 'no_show' : 'unsafe_date',
        details: `Did you meet? ${MET_WORDS[input.met]}. Did you feel safe? ${yesNo(input.feltSafe)}. Would go again? ${yesNo(input.again)}.`,
        now,
      });
    }
    const revealedNow = (await countFeedback(tx, auctionId)) >= 2 && (await markRevealed(tx, auctionId, now));
    if (revealedNow || input.met === 'they_did_not_show') await refreshReputations(tx, [userId, otherId], now);
    if (input.met === 'they_did_not_show' && otherId === window.hostId) await suspendHostingIfDue(tx, otherId, now);
  });
  // The other person's page refetches: "they have submitted" (and, at the reveal, what they wrote).
  deps.realtime.publishToUser(otherId, { type: 'date_updated', auctionId });
  return getFeedback(deps, userId, auctionId);
}

/** POST /api/auctions/{id}/feedback/response: the reviewed member's one public answer, after the reveal. */
export async function respondToReview(
  deps: FeedbackDeps,
  userId: string,
  auctionId: string,
  text: string,
): Promise<FeedbackState> {
  const { window, otherId } = await authorize(deps.db, userId, auctionId);
  if (!window || !otherId) throw conflict(FEEDBACK_MESSAGES.notOver);
  const rows = await listFeedbackOf(deps.db, auctionId);
  const state = stateOf(userId, window, rows, deps.now());
  // Before the reveal nothing is said about what they wrote, not even whether they rated.
  if (!state.isRevealed) throw conflict(FEEDBACK_MESSAGES.responseNotYet);
  const theirs = rows.find((row) => row.authorId !== userId);
  if (!theirs || theirs.rating === null || theirs.hiddenAt !== null) throw conflict(FEEDBACK_MESSAGES.noReviewToAnswer);
  screenPublicText('text', text);
  const written = await writeResponse(deps.db, { id: theirs.id, text, now: deps.now() });
  if (!written) throw conflict(FEEDBACK_MESSAGES.alreadyResponded);
  deps.realtime.publishToUser(otherId, { type: 'date_updated', auctionId });
  return getFeedback(deps, userId, auctionId);
}

/**
 * GET /api/users/{id}/reviews?page: the member's shown reviews with their responses, newest
 * first. Who may see it is who may see the member's page (a blocked or suspended member is a 404).
 */
export async function listReviews(
  deps: Pick<FeedbackDeps, 'db' | 'now'>,
  viewerId: string,
  memberId: string,
  page: number,
): Promise<ReviewsPage> {
  if (!isUuid(memberId)) throw notFound(USER_NOT_FOUND_MESSAGE);
  const user = await findReviewedMember(deps.db, memberId);
  if (!user || user.deletedAt) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (user.id !== viewerId) {
    if (user.suspendedAt && !(await isModerator(deps.db, viewerId))) throw notFound(USER_NOT_FOUND_MESSAGE);
    if (await hasBlocked(deps.db, user.id, viewerId)) throw notFound(USER_NOT_FOUND_MESSAGE);
  }
  const rows = await listShownReviews(deps.db, {
    subjectId: memberId,
    limit: REVIEWS_PAGE_SIZE + 1,
    offset: (page - 1) * REVIEWS_PAGE_SIZE,
    now: deps.now(),
  });
  return { items: rows.slice(0, REVIEWS_PAGE_SIZE).map(presentReview), hasMore: rows.length > REVIEWS_PAGE_SIZE };
}

// ── What other modules ask of feedback ─────────────────────────────────────────────────────────
// Other modules reach the feedback tables through these, never through feedback.repository.ts
// (docs/architecture.md, "Folders of the server"). Those that write take the caller's
// transaction, so the change commits or rolls back with the caller's own.

/** Whether the member may not host now: a hosting suspension not yet lifted (creating, relisting). */
export function isSuspendedFromHosting(db: Db, userId: string): Promise<boolean> {
  return isHostingSuspended(db, userId);
}

/** The feedback a member wrote, as the account export holds it (docs/accounts.md). */
export function listFeedbackForExport(db: Db, userId: string) {
  return listFeedbackWrittenBy(db, userId);
}

/**
 * Deleting an account, in its transaction: the private answers the member gave after dates go,
 * their public reviews stay (as "A former member"), and a cleared no-show answer's subject has
 * their reputation recounted.
 */
export function forgetPrivateAnswersOf(tx: Db, userId: string, now: Date): Promise<void> {
  return clearPrivateAnswersOf(tx, userId, now);
}

/** Whether a review may be reported at `now` (shown: revealed, not hidden); answers its author. */
export function findAuthorOfShownReview(db: Db, reviewId: string, now: Date): Promise<string | undefined> {
  return findShownReviewAuthor(db, reviewId, now);
}

/** A moderator hides a review (once), in the resolving transaction; its subject's reputation is recounted. */
export async function hideReviewAndRecount(tx: Db, input: { id: string; now: Date }): Promise<void> {
  const subjectId = await hideReview(tx, input);
  if (subjectId) await refreshReputations(tx, [subjectId], input.now);
}

/**
 * A moderator finds a `they_did_not_show` answer untrue, in the resolving transaction: the
 * subject's reputation is recounted. Answers the subject, undefined when there was no such answer
 * to overturn.
 */
export async function overturnNoShowAndRecount(
  tx: Db,
  input: { auctionId: string; authorId: string; now: Date },
): Promise<string | undefined> {
  const subjectId = await overturnNoShow(tx, input);
  if (subjectId) await refreshReputations(tx, [subjectId], input.now);
  return subjectId;
}

/** A moderator lifts a member's hosting suspension, in the resolving transaction; false when none was in force. */
export function liftSuspensionFromHosting(tx: Db, input: { userId: string; by: string; now: Date }): Promise<boolean> {
  return liftHostingSuspension(tx, input);
}

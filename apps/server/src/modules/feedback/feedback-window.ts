import { FEEDBACK_MESSAGES, FEEDBACK_NOTICES, feedbackClosesAt, HOSTING_NO_SHOW_LIMIT } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { notify } from '../notifications/notify.js';
import {
  countRecentHostNoShows,
  insertCase,
  insertFeedbackWindow,
  insertHostingSuspension,
  refreshReputations,
} from './feedback.repository.js';

/**
 * What happens, in the settling transaction, when a date is over (docs/the-date.md "Feedback
 * after the date"): the feedback window opens, both people are asked (in the app, and through
 * the alert outbox as `feedback_request`), both reputations count one more date, and a host
 * no-show decided by the clock may suspend hosting. Only the first settlement of a date does
 * this; a later one (a moderator's decision, an early release) finds the window open.
 */
export async function openFeedbackWindow(
  tx: Db,
  input: { auctionId: string; hostNoShow: boolean; now: Date },
): Promise<void> {
  const opened = await insertFeedbackWindow(tx, { ...input, closesAt: feedbackClosesAt(input.now) });
  if (!opened) return;
  await notify(
    tx,
    [opened.hostId, opened.winnerId].map((userId) => ({
      userId,
      type: 'feedback_request' as const,
      title: FEEDBACK_NOTICES.requestTitle,
      message: FEEDBACK_NOTICES.request(opened.title),
      relatedAuctionId: opened.auctionId,
    })),
  );
  await refreshReputations(tx, [opened.hostId, opened.winnerId], input.now);
  if (input.hostNoShow) await suspendHostingIfDue(tx, opened.hostId, input.now);
}

/**
 * HOSTING_NO_SHOW_LIMIT host no-shows within HOSTING_NO_SHOW_DAYS suspend hosting: new auctions
 * are refused until a moderator lifts it. The host is told why and how to appeal, and a case
 * opens in the moderators' queue so a person looks at it within the review target.
 */
export async function suspendHostingIfDue(tx: Db, hostId: string, now: Date): Promise<boolean> {
  const noShows = await countRecentHostNoShows(tx, hostId, now);
  if (noShows < HOSTING_NO_SHOW_LIMIT) return false;
  if (!(await insertHostingSuspension(tx, { userId: hostId, noShows, now }))) return false;
  await notify(tx, [
    {
      userId: hostId,
      type: 'moderation_action',
      title: FEEDBACK_NOTICES.hostingSuspendedTitle,
      message: FEEDBACK_MESSAGES.hostingSuspended,
      relatedAuctionId: null,
    },
  ]);
  await insertCase(tx, {
    reporterId: null,
    targetType: 'user',
    targetId: hostId,
    reportedUserId: hostId,
    reason: 'no_show',
    details: `Hosting suspended automatically: ${noShows} no-shows as host in the last 90 days.`,
    now,
  });
  return true;
}

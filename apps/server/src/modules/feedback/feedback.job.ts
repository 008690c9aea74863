import { FEEDBACK_NOTICES, FEEDBACK_REMINDER_DAYS } from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { notify } from '../notifications/notify.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { claimClosedWindows, claimDueReminders, refreshReputations } from './feedback.repository.js';

/**
 * The feedback job (docs/the-date.md "Feedback after the date"): the one reminder
 * FEEDBACK_REMINDER_DAYS after a date is over, to whoever has not answered; and, when a window
 * closes, the reveal of whatever was written and the recount of both reputations. Every
 * instance runs it; each window is claimed with FOR UPDATE SKIP LOCKED and a conditional update,
 * so each step happens once. It reads the app's clock (`now`), never the machine's.
 */

export const FEEDBACK_JOB_INTERVAL_MS = 60_000;
const BATCH_LIMIT = 50;
const DAY_MS = 86_400_000;

export interface FeedbackJobResult {
  reminded: number;
  revealed: number;
}

export async function runFeedbackSteps(
  db: Db,
  now: Date,
  realtime?: Pick<RealtimePublisher, 'publishToUser'>,
): Promise<FeedbackJobResult> {
  const reminders = await db.transaction(async (tx) => {
    const due = await claimDueReminders(tx, {
      now,
      openedBefore: new Date(now.getTime() - FEEDBACK_REMINDER_DAYS * DAY_MS),
      limit: BATCH_LIMIT,
    });
    await notify(
      tx,
      due.flatMap((window) =>
        window.missing.map((userId) => ({
          userId,
          type: 'feedback_request' as const,
          title: FEEDBACK_NOTICES.reminderTitle,
          message: FEEDBACK_NOTICES.reminder(window.title),
          relatedAuctionId: window.auctionId,
        })),
      ),
    );
    return due;
  });
  const closed = await db.transaction(async (tx) => {
    const windows = await claimClosedWindows(tx, { now, limit: BATCH_LIMIT });
    await refreshReputations(
      tx,
      windows.flatMap((w) => [w.hostId, w.winnerId]),
      now,
    );
    return windows;
  });
  // The reminders refreshed their members' bells through notify.
  if (realtime) {
    for (const w of closed) {
      for (const userId of [w.hostId, w.winnerId]) {
        realtime.publishToUser(userId, { type: 'date_updated', auctionId: w.auctionId });
      }
    }
  }
  return { reminded: reminders.reduce((n, w) => n + w.missing.length, 0), revealed: closed.length };
}

export function createFeedbackJob(options: {
  db: Db;
  logger: FastifyBaseLogger;
  now: () => Date;
  realtime?: Pick<RealtimePublisher, 'publishToUser'>;
  intervalMs?: number;
}): PeriodicJob<FeedbackJobResult> {
  return createPeriodicJob({
    name: 'feedback job',
    intervalMs: options.intervalMs ?? FEEDBACK_JOB_INTERVAL_MS,
    logger: options.logger,
    run: () => runFeedbackSteps(options.db, options.now(), options.realtime),
  });
}

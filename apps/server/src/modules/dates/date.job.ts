import { DATE_AUTO_END_HOURS, DATE_REMINDER_MINUTES, HOST_NO_SHOW_GRACE_MINUTES } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { rowsOf, timestampParam } from '../../db/sql-helpers.js';
import { notify } from '../notifications/notify.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import type { NewNotification } from '../../db/schema/index.js';
import { noShowNotices, pairOf, reminderNotices } from './date.notices.js';
import { RELEASE_BATCH_LIMIT, releaseDueDates, settleByRule, type DateParties } from './date-settlement.js';
import { processDuePayouts, processDueRefunds, remindWaitingPayouts } from './date-transfers.js';
import { findDates } from './dates.repository.js';
import { publishDateUpdated } from './dates.service.js';

/**
 * The date job (docs/the-date.md): reminders before agreed plans, host no-shows, dates nobody
 * ended, releases after the dispute window, refunds and payouts, and reminders to hosts whose
 * money waits for a payout account. Every app instance runs it; conditional updates and
 * FOR UPDATE SKIP LOCKED claims make each step happen once per date, whichever instance runs it.
 */

export const DATE_JOB_INTERVAL_MS = 30_000;
const BATCH_LIMIT = 50;
const MAX_RELEASE_BATCHES_PER_RUN = 5;

export interface DateJobOptions {
  db: Db;
  paymentProvider: PaymentProvider;
  logger: FastifyBaseLogger;
  now?: () => Date;
  intervalMs?: number;
  /** Tells both people's pages when a run changed their date (docs/realtime.md). */
  realtime?: RealtimePublisher;
}

export interface DateJobResult {
  reminded: number;
  noShows: number;
  autoEnded: number;
  released: number;
  refunds: number;
  payouts: number;
  payoutReminders: number;
}

const MINUTE_MS = 60_000;

/** Sends the reminder of each agreed plan starting within DATE_REMINDER_MINUTES, once. */
export async function sendPlanReminders(db: Db, now: Date): Promise<DateParties[]> {
  return db.transaction(async (tx) => {
    const at = timestampParam(now);
    const rows = rowsOf<{ auction_id: string; title: string; host_id: string; winner_id: string }>(
      await tx.execute(sql`
        UPDATE auction_dates d SET reminder_sent_at = ${at}, updated_at = ${at}
        FROM auctions a
        WHERE a.id = d.auction_id AND d.settlement_reason IS NULL AND d.starts_at IS NOT NULL
          AND d.reminder_sent_at IS NULL AND d.starts_at > ${at}
          AND d.starts_at <= ${timestampParam(new Date(now.getTime() + DATE_REMINDER_MINUTES * MINUTE_MS))}
        RETURNING d.auction_id, a.title, d.host_id, d.winner_id`),
    );
    await notify(
      tx,
      rows.flatMap((row) =>
        reminderNotices(
          { auctionId: row.auction_id, auctionTitle: row.title, hostId: row.host_id, winnerId: row.winner_id },
          DATE_REMINDER_MINUTES,
        ),
      ),
    );
    return rows.map((row) => ({ auctionId: row.auction_id, hostId: row.host_id, winnerId: row.winner_id }));
  });
}

/**
 * Settles dates that need no one to act any more: the host had not checked in
 * HOST_NO_SHOW_GRACE_MINUTES after the start (everything back to the winner), or nobody ended
 * the date DATE_AUTO_END_HOURS after the start (ended then, settled by the rule).
 */
export async function settleOverdueDates(
  db: Db,
  now: Date,
): Promise<{ noShows: DateParties[]; autoEnded: DateParties[] }> {
  return db.transaction(async (tx) => {
    const noShowBefore = timestampParam(new Date(now.getTime() - HOST_NO_SHOW_GRACE_MINUTES * MINUTE_MS));
    const autoEndBefore = timestampParam(new Date(now.getTime() - DATE_AUTO_END_HOURS * 60 * MINUTE_MS));
    const due = rowsOf<{ auction_id: string }>(
      await tx.execute(sql`
        SELECT auction_id FROM auction_dates
        WHERE settlement_reason IS NULL AND starts_at IS NOT NULL
          AND ((host_arrived_at IS NULL AND starts_at <= ${noShowBefore}) OR starts_at <= ${autoEndBefore})
        ORDER BY starts_at
        LIMIT ${BATCH_LIMIT}
        FOR UPDATE SKIP LOCKED`),
    );
    const dates = await findDates(
      tx,
      due.map((row) => row.auction_id),
    );
    const noShows: DateParties[] = [];
    const autoEnded: DateParties[] = [];
    const notices: NewNotification[] = [];
    for (const date of dates) {
      const parties = { auctionId: date.auctionId, hostId: date.host.id, winnerId: date.winner.id };
      if (!date.hostArrivedAt) {
        const settlement = await settleByRule(tx, date, { endedAt: null, now });
        if (!settlement) continue;
        noShows.push(parties);
        notices.push(...noShowNotices(pairOf(date), settlement.refundCents));
      } else {
        const endedAt = new Date(date.startsAt!.getTime() + DATE_AUTO_END_HOURS * 60 * MINUTE_MS);
        if (await settleByRule(tx, date, { endedAt: date.endedAt ?? endedAt, now })) autoEnded.push(parties);
      }
    }
    // The batch's notices in one insert, not one per date.
    await notify(tx, notices);
    return { noShows, autoEnded };
  });
}

export type DateJob = PeriodicJob<DateJobResult>;

export function createDateJob(options: DateJobOptions): DateJob {
  const { db, paymentProvider, logger } = options;
  const now = options.now ?? (() => new Date());
  const deps = { db, paymentProvider, now, logger };

  /** Runs one step; a failed step is logged and the others still run (the next run retries it). */
  async function step<T>(name: string, fallback: T, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      logger.error({ err }, `date job: ${name} failed; will retry`);
      return fallback;
    }
  }

  async function run(): Promise<DateJobResult> {
    // The dates this run changed, with whose pages to tell: every step answers its parties, so
    // telling them needs no second read of the dates.
    const changed = new Map<string, DateParties>();
    const noteChanged = (dates: readonly DateParties[]) => {
      for (const { auctionId, hostId, winnerId } of dates) changed.set(auctionId, { auctionId, hostId, winnerId });
    };
    const reminded = await step('reminders', [], () => sendPlanReminders(db, now()));
    const overdue = await step('overdue dates', { noShows: [], autoEnded: [] }, () => settleOverdueDates(db, now()));
    noteChanged([...reminded, ...overdue.noShows, ...overdue.autoEnded]);

    let released = 0;
    for (let batch = 0; batch < MAX_RELEASE_BATCHES_PER_RUN && !job.isStopped(); batch += 1) {
      const dates = await step('releases', [], () => releaseDueDates(db, { now: now() }));
      released += dates.length;
      noteChanged(dates);
      if (dates.length < RELEASE_BATCH_LIMIT) break;
    }
    const refunds = await step('refunds', [], () => processDueRefunds(deps));
    const payouts = await step('payouts', [], () => processDuePayouts(deps));
    noteChanged([...refunds, ...payouts]);
    const payoutReminders = await step('payout reminders', 0, () => remindWaitingPayouts(db, now()));

    const { realtime } = options;
    if (realtime) for (const date of changed.values()) publishDateUpdated(realtime, date);
    const result = {
      reminded: reminded.length,
      noShows: overdue.noShows.length,
      autoEnded: overdue.autoEnded.length,
      released,
      refunds: refunds.filter((r) => r.outcome === 'succeeded').length,
      payouts: payouts.filter((p) => p.outcome === 'succeeded').length,
      payoutReminders,
    };
    if (changed.size > 0 || payoutReminders > 0) logger.info(result, 'date job run');
    return result;
  }

  const job = createPeriodicJob({
    name: 'date job',
    intervalMs: options.intervalMs ?? DATE_JOB_INTERVAL_MS,
    logger,
    run,
  });
  return job;
}

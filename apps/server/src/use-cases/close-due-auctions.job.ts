// Use case: close due auctions (modules/auctions), then collect the winners' charges and release
// unpaid wins (modules/payments, charge-and-create-date.ts), and tell open pages (modules/realtime).
import { auctionChannel } from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { createPeriodicJob, type PeriodicJob } from '../lib/periodic-job.js';
import { processDueCharges } from './charge-and-create-date.js';
import { RELEASE_BATCH_LIMIT, releaseUnpaidWins } from '../modules/payments/charges/second-chance.js';
import type { PaymentProvider } from '../modules/payments/providers/payment-provider.js';
import type { RealtimePublisher } from '../modules/realtime/hub.js';
import { CLOSE_BATCH_LIMIT, closeDueAuctions } from '../modules/auctions/lifecycle/close-due-auctions.js';
import { notifyEndingSoon } from '../modules/auctions/lifecycle/notify-ending-soon.js';
import {
  LEFT_BEHIND_BID_NOTICE_SECONDS,
  writeLeftBehindBidNotices,
} from '../modules/auctions/bid-notices.repository.js';
import {
  announceLeftBehind,
  LEFT_BEHIND_ANNOUNCEMENT_SECONDS,
} from '../modules/saved-searches/saved-search-announcer.js';

/** Left-behind bids' notices written in one run (a backlog after an outage drains over a few runs). */
const LEFT_BEHIND_BID_NOTICES_PER_RUN = 1000;

/** Left-behind auctions matched against saved searches in one run, one statement each. */
const LEFT_BEHIND_ANNOUNCEMENTS_PER_RUN = 100;

/** How often each app instance looks for auctions to close and auctions ending soon. */
export const LIFECYCLE_INTERVAL_MS = 5000;

/** Batches closed in one run before yielding to the next tick (a backlog after downtime drains over a few runs). */
const MAX_CLOSE_BATCHES_PER_RUN = 20;
/** Batches of unpaid wins released in one run. */
const MAX_RELEASE_BATCHES_PER_RUN = 5;

export interface LifecycleJobOptions {
  db: Db;
  logger: FastifyBaseLogger;
  /** ENDING_SOON_MINUTES. */
  endingSoonMinutes: number;
  now?: () => Date;
  intervalMs?: number;
  batchLimit?: number;
  /** Tells the auctions' pages that they closed (after the closing transaction committed). */
  realtime?: RealtimePublisher;
  /**
   * Collects winners' charges and offers unpaid wins to the runner-up
   * (docs/charging-and-ledger.md). Without it the job only closes auctions and sends notices.
   */
  paymentProvider?: PaymentProvider;
}

export interface LifecycleRunResult {
  closed: number;
  endingSoonNotified: number;
  /** Members told of bids whose own request did not write their notices (writeLeftBehindBidNotices). */
  leftBehindBidNoticesWritten?: number;
  /** Members told of new auctions that no instance matched after their commit (announceLeftBehind). */
  leftBehindSavedSearchMatches?: number;
  /** With a payment provider: charges whose outcome this run recorded. */
  chargesRecorded?: number;
  /** With a payment provider: wins released after the fix window (second chance). */
  winsReleased?: number;
}

export type LifecycleJob = PeriodicJob<LifecycleRunResult>;

/**
 * The auction lifecycle job (docs/auction-lifecycle.md). Every instance runs it: the
 * conditional updates inside `closeDueAuctions` and `notifyEndingSoon` make each auction
 * close and each 'ending soon' notice go out exactly once, so no leader is needed. With a
 * payment provider it also collects due charges and releases unpaid wins, each exactly once
 * by the same means (docs/charging-and-ledger.md). Runs are
 * chained with setTimeout (the next one is scheduled when the last finishes), so they never
 * overlap within an instance, and an error is logged and retried on the next tick.
 */
export function createLifecycleJob(options: LifecycleJobOptions): LifecycleJob {
  const { db, logger, endingSoonMinutes } = options;
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? LIFECYCLE_INTERVAL_MS;
  const batchLimit = options.batchLimit ?? CLOSE_BATCH_LIMIT;

  /**
   * Runs `step` batch after batch until one comes back short of `batchSize`, at most `maxBatches`
   * times in a run (a backlog drains over a few runs) and never once the job is stopped; the
   * number of rows the batches handled.
   */
  async function inBatches<T>(maxBatches: number, batchSize: number, step: () => Promise<T[]>): Promise<number> {
    let handled = 0;
    for (let batch = 0; batch < maxBatches && !job.isStopped(); batch += 1) {
      const rows = await step();
      handled += rows.length;
      if (rows.length < batchSize) break;
    }
    return handled;
  }

  // Called once the transaction that closed (or re-awarded) the auction has committed
  // (docs/engineering.md §7: publish after commit, never inside).
  const publishClosed = (auctionId: string, winnerId: string | null, reserveMet?: boolean) =>
    options.realtime?.publish(auctionChannel(auctionId), {
      type: 'auction_closed',
      auctionId,
      isActive: false,
      winnerId,
      ...(reserveMet === undefined ? {} : { reserveMet }),
    });

  const closeAll = () =>
    inBatches(MAX_CLOSE_BATCHES_PER_RUN, batchLimit, async () => {
      const batchClosed = await closeDueAuctions(db, now(), batchLimit);
      // The close's notices to the host and the winner refreshed their bells through notify;
      // losers read the auction_closed.
      for (const auction of batchClosed) publishClosed(auction.auctionId, auction.winnerId, auction.reserveMet);
      if (batchClosed.length > 0) {
        logger.info(
          { auctions: batchClosed.map((a) => ({ id: a.auctionId, winnerId: a.winnerId })) },
          'auctions closed',
        );
      }
      return batchClosed;
    });

  const releaseAll = () =>
    inBatches(MAX_RELEASE_BATCHES_PER_RUN, RELEASE_BATCH_LIMIT, async () => {
      const wins = await releaseUnpaidWins(db, now());
      for (const win of wins) publishClosed(win.auctionId, win.newWinnerId);
      if (wins.length > 0) logger.info({ wins }, 'unpaid wins released; the date is offered to the next bidder');
      return wins;
    });

  async function run(): Promise<LifecycleRunResult> {
    const result: LifecycleRunResult = { closed: 0, endingSoonNotified: 0 };
    try {
      result.closed = await closeAll();
    } catch (err) {
      logger.error({ err }, 'closing due auctions failed; will retry');
    }
    const { paymentProvider } = options;
    if (paymentProvider) {
      // After closing, so the winners just decided are charged in this same run.
      try {
        result.winsReleased = await releaseAll();
      } catch (err) {
        logger.error({ err }, 'releasing unpaid wins failed; will retry');
      }
      try {
        const charged = await processDueCharges({ db, paymentProvider, now, logger });
        result.chargesRecorded = charged.filter((c) => c.outcome === 'succeeded' || c.outcome === 'failed').length;
      } catch (err) {
        logger.error({ err }, 'collecting due charges failed; will retry');
      }
    }
    try {
      // Bids whose request died between the bid's commit and its notices (docs/notifications.md).
      const told = await writeLeftBehindBidNotices(db, {
        olderThanSeconds: LEFT_BEHIND_BID_NOTICE_SECONDS,
        limit: LEFT_BEHIND_BID_NOTICES_PER_RUN,
      });
      result.leftBehindBidNoticesWritten = told.length;
      for (const userId of told) options.realtime?.publishToUser(userId, { type: 'notifications_changed' });
    } catch (err) {
      logger.error({ err }, "writing left-behind bids' notices failed; will retry");
    }
    try {
      // Auctions whose instance died (or failed) between their commit and the saved-search match.
      const told = await announceLeftBehind(
        { db, realtime: options.realtime, now },
        { olderThanSeconds: LEFT_BEHIND_ANNOUNCEMENT_SECONDS, limit: LEFT_BEHIND_ANNOUNCEMENTS_PER_RUN },
      );
      result.leftBehindSavedSearchMatches = told.length;
    } catch (err) {
      logger.error({ err }, 'matching left-behind auctions against saved searches failed; will retry');
    }
    try {
      const notices = await notifyEndingSoon(db, now(), endingSoonMinutes);
      result.endingSoonNotified = notices.length;
      if (notices.length > 0) logger.info({ auctions: notices }, 'ending-soon notifications sent');
    } catch (err) {
      logger.error({ err }, 'sending ending-soon notifications failed; will retry');
    }
    return result;
  }

  const job = createPeriodicJob({ name: 'auction lifecycle', intervalMs, logger, run });
  return job;
}

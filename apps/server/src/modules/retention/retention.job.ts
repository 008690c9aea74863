import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import type { AccountDeletionDeps } from '../account/delete-account.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import type { ObjectStorage } from '../../lib/storage/object-storage.js';
import { deleteInactiveAccounts, warnInactiveAccounts } from './inactive-accounts.js';
import {
  deleteAbandonedVerificationFiles,
  deleteExpiredVerificationData,
  sweepLeftoverDocumentFiles,
  VERIFICATION_BATCH_LIMIT,
} from './verification-data.js';

/** How often each app instance looks for data whose retention has ended (RETENTION_INTERVAL_MS overrides). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** The first run after boot waits at most this long. */
const FIRST_RUN_DELAY_MS = 60 * 1000;

/** Batches of verification data deleted in one run before yielding to the next run. */
const MAX_VERIFICATION_BATCHES_PER_RUN = 20;

export interface RetentionJobOptions {
  db: Db;
  logger: FastifyBaseLogger;
  paymentProvider: PaymentProvider;
  storage: ObjectStorage;
  now?: () => Date;
  intervalMs?: number;
  /** Told which accounts were deleted, after their transactions committed (their sessions went with them). */
  onAccountsDeleted?: (userIds: string[]) => void;
}

export interface RetentionRunResult {
  verificationDataDeleted: number;
  /** Files of verifications never completed, 30 days after their upload. */
  unfinishedVerificationFilesDeleted: number;
  leftoverFilesDeleted: number;
  inactivityWarnings: number;
  accountsDeleted: number;
}

export type RetentionJob = PeriodicJob<RetentionRunResult>;

/**
 * The retention job (docs/trust-and-safety.md, "Retention"): verification files 30 days after
 * the verification completed, inactivity warnings at 11 months, inactive accounts at 12 months.
 * Every instance runs it, like the auction lifecycle job: each step claims its rows with
 * conditional updates under FOR UPDATE SKIP LOCKED, so each deletion and each warning happens
 * exactly once without a leader. Runs are chained (never overlap within an instance) and an
 * error is logged and retried on the next run.
 */
export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? RETENTION_INTERVAL_MS;
  const { logger } = options;
  const deps: AccountDeletionDeps = {
    db: options.db,
    paymentProvider: options.paymentProvider,
    storage: options.storage,
    logger,
    now,
  };

  async function step(name: string, action: () => Promise<number>): Promise<number> {
    try {
      return await action();
    } catch (err) {
      logger.error({ err }, `retention: ${name} failed; will retry`);
      return 0;
    }
  }

  async function run(): Promise<RetentionRunResult> {
    const verificationDataDeleted = await step('deleting verification data', async () => {
      let total = 0;
      for (let batch = 0; batch < MAX_VERIFICATION_BATCHES_PER_RUN && !job.isStopped(); batch += 1) {
        const deleted = await deleteExpiredVerificationData(deps, now());
        total += deleted.length;
        if (deleted.length < VERIFICATION_BATCH_LIMIT) break;
      }
      if (total > 0) logger.info({ members: total }, 'verification documents deleted (retention)');
      return total;
    });
    const unfinishedVerificationFilesDeleted = await step('deleting unfinished verification files', async () => {
      const files = await deleteAbandonedVerificationFiles(deps, now());
      if (files > 0) logger.info({ files }, 'files of unfinished verifications deleted (retention)');
      return files;
    });
    const leftoverFilesDeleted = await step('sweeping leftover verification files', () =>
      sweepLeftoverDocumentFiles(deps, now()),
    );
    const inactivityWarnings = await step('warning inactive accounts', async () => {
      const warned = await warnInactiveAccounts(deps, now());
      if (warned.length > 0) logger.info({ members: warned.length }, 'inactive accounts warned');
      return warned.length;
    });
    const accountsDeleted = await step('deleting inactive accounts', async () => {
      const deleted = await deleteInactiveAccounts(deps, now());
      if (deleted.length > 0) {
        logger.info({ userIds: deleted }, 'inactive accounts deleted');
        options.onAccountsDeleted?.(deleted);
      }
      return deleted.length;
    });
    return {
      verificationDataDeleted,
      unfinishedVerificationFilesDeleted,
      leftoverFilesDeleted,
      inactivityWarnings,
      accountsDeleted,
    };
  }

  const job = createPeriodicJob({
    name: 'retention',
    intervalMs,
    // The first run comes soon after boot, so instances restarted more often than hourly still run it.
    firstDelayMs: Math.min(intervalMs, FIRST_RUN_DELAY_MS),
    logger,
    run,
  });
  return job;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import {
  AUDIT_CHECKPOINT_INTERVAL_MS,
  writeAuditCheckpoint,
  type AuditCheckpoint,
  type CheckpointStore,
} from './audit.checkpoint.js';

/**
 * Checkpoints the audit chain's head outside the database on a schedule (docs/reliability.md).
 * Every instance runs it; the head only moves forward, so a checkpoint at or past the head is
 * left as it is and concurrent writers at worst write the same head twice.
 */
export function createAuditCheckpointJob(options: {
  db: Db;
  store: CheckpointStore;
  key: string;
  now: () => Date;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}): PeriodicJob<AuditCheckpoint | undefined> {
  return createPeriodicJob({
    name: 'audit checkpoint',
    intervalMs: options.intervalMs ?? AUDIT_CHECKPOINT_INTERVAL_MS,
    // Soon after boot, so a fresh deployment has a checkpoint before its first interval ends.
    firstDelayMs: 60_000,
    logger: options.logger,
    run: async () => {
      const written = await writeAuditCheckpoint(options.db, options.store, options.key, options.now());
      if (written) {
        options.logger.info(
          { sequence: written.sequence, store: options.store.description },
          'audit chain checkpointed',
        );
      }
      return written;
    },
  });
}

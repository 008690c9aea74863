import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { batchWhileBusy } from '../../lib/batch-while-busy.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { writeBidNotices } from './bid-notices.repository.js';

/**
 * Writes accepted bids' notices right after their bids commit, off the hot auction's row lock
 * (docs/notifications.md, "A bid's notices"). One statement at a time per instance: bids that
 * commit while it runs wait and go together in the next one (`batchWhileBusy`), so under load a hot auction's
 * notices cost one statement and one commit per batch, not per bid. Then the bells of everyone
 * who got a notice refresh (`notifications_changed`).
 */
export interface BidNoticeWriter {
  /**
   * Resolves once the bid's notices are written, or once writing them failed: the bid stands
   * either way, and the lifecycle job writes what a failed batch left (writeLeftBehindBidNotices).
   * Never rejects.
   */
  write(bidId: string): Promise<void>;
}

export function createBidNoticeWriter(deps: {
  db: Db;
  realtime: RealtimePublisher;
  logger: FastifyBaseLogger;
}): BidNoticeWriter {
  // One key: the instance's notice writes go one at a time, each taking every bid that waited.
  const batches = batchWhileBusy<string, void>({
    maxBatch: Number.POSITIVE_INFINITY,
    async run(_key, bidIds) {
      try {
        const recipients = await writeBidNotices(deps.db, bidIds);
        for (const userId of recipients) deps.realtime.publishToUser(userId, { type: 'notifications_changed' });
      } catch (err) {
        deps.logger.error({ err, bids: bidIds.length }, "writing bids' notices failed; the lifecycle job will retry");
      }
      return bidIds.map(() => undefined);
    },
  });

  return { write: (bidId) => batches.add('notices', bidId) };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { leftBehindAnnouncements } from './saved-searches.repository.js';
import { announceVisibleAuction, publishNoticesChanged } from './saved-searches.service.js';

/** How old a queued auction must be before the lifecycle job matches it for its own instance. */
export const LEFT_BEHIND_ANNOUNCEMENT_SECONDS = 10;

/**
 * Matches published auctions against the saved searches after their transaction committed
 * (docs/notifications.md "Saved searches: matched after the commit"), so publishing never waits
 * for the match. The auction was queued in that transaction (`queueVisibleAuction`); if this
 * instance dies first, or the match fails, the lifecycle job matches it later
 * (`announceLeftBehind`). One match at a time per instance: a burst of new auctions takes turns
 * for the database instead of filling the pool.
 */
export interface SavedSearchAnnouncer {
  /** Matches the auction soon, after the current ones; never throws (a failure is logged and left to the job). */
  announce(auctionId: string): void;
  /** Resolves once every auction handed to `announce` so far has been matched or has failed. */
  idle(): Promise<void>;
}

export function createSavedSearchAnnouncer(deps: {
  db: Db;
  realtime: RealtimePublisher | undefined;
  logger: FastifyBaseLogger;
  now: () => Date;
}): SavedSearchAnnouncer {
  let queue: Promise<void> = Promise.resolve();

  async function match(auctionId: string): Promise<void> {
    try {
      publishNoticesChanged(deps.realtime, await announceVisibleAuction(deps.db, auctionId, deps.now()));
    } catch (err) {
      deps.logger.error(
        { err, auctionId },
        'matching a new auction against saved searches failed; the lifecycle job will retry',
      );
    }
  }

  return {
    announce(auctionId) {
      queue = queue.then(() => match(auctionId));
    },
    idle: () => queue,
  };
}

/**
 * Matches the queued auctions that no instance matched after their commit (it died, or the match
 * failed), oldest first, up to `limit`, each in its own statement; an auction another instance is
 * matching right now is skipped by that statement. Returns the members told (their bells are
 * refreshed here).
 */
export async function announceLeftBehind(
  deps: { db: Db; realtime: RealtimePublisher | undefined; now: () => Date },
  options: { olderThanSeconds: number; limit: number },
): Promise<string[]> {
  const told = new Set<string>();
  for (const auctionId of await leftBehindAnnouncements(deps.db, options)) {
    for (const userId of await announceVisibleAuction(deps.db, auctionId, deps.now())) told.add(userId);
  }
  publishNoticesChanged(deps.realtime, [...told]);
  return [...told];
}

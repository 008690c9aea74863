import type { Round } from '../summary.js';
import { percentile } from './stats.js';

/**
 * One update of fanout-redis (a bid through the balancer, or a broadcast request on the bare
 * side), all times on the generator's shared clock (ws-subscriber-threads.ts, `sharedClockMs`).
 */
export interface UpdateTimes {
  n: number;
  /** When the bid (or the broadcast request) was sent. */
  sentAt: number;
  /** When the answer to the bid (or to the broadcast request) was back at the sender. */
  answeredAt: number;
  /** When each subscriber had it. */
  arrivals: readonly number[];
}

/**
 * Milliseconds from an update's answer to its last subscriber's receipt: how long after "You're
 * winning" the slowest watcher on any instance still showed the old price. 0 when every subscriber
 * had it before the answer was back; NaN when no subscriber had it (the invariant reports that).
 */
export function answerToLastReceiptMs(update: UpdateTimes): number {
  if (update.arrivals.length === 0) return Number.NaN;
  return Math.max(0, Math.max(...update.arrivals) - update.answeredAt);
}

/**
 * One round of fanout-redis (docs/performance.md): the p99 over the round's app updates of
 * `answerToLastReceiptMs`, against the same over the bare servers' updates in the same round.
 * An update no subscriber had is left out here; the invariant fails the run for it.
 */
export function fanoutRedisRound(app: readonly UpdateTimes[], bare: readonly UpdateTimes[]): Round {
  const p99 = (updates: readonly UpdateTimes[]) =>
    percentile(
      updates
        .map(answerToLastReceiptMs)
        .filter(Number.isFinite)
        .sort((a, b) => a - b),
      99,
    );
  return { value: p99(app), ceiling: p99(bare) };
}

/** Subscribers per app instance as HAProxy spread them ("show stat" sessions), e.g. [500, 500, 500]. */
export function spreadIsEven(perInstance: readonly number[], total: number): boolean {
  if (perInstance.length === 0) return false;
  const share = total / perInstance.length;
  // Round robin hands out connections in turn; a handful more or fewer on one instance is fine.
  return perInstance.every((count) => Math.abs(count - share) <= Math.max(5, share * 0.05));
}

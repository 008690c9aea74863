import type { Round } from '../summary.js';
import { percentile } from './stats.js';

/**
 * hot-auction-latency's round (docs/performance.md, "hot-auction-latency"): the p99 of the bids'
 * HTTP answers in one of hot-auction-bids' HTTP segments, against the p99 of the driver's
 * statement in the driver segment of the same round, both under the same number of concurrent
 * callers. Every answer counts, refusals (400, 409) included: a refused bidder waits as long.
 * A side without a sample gives a round without a figure (aggregateRounds leaves it out).
 */
export function p99Round(httpLatenciesMs: readonly number[], driverLatenciesMs: readonly number[]): Round {
  const p99 = (samples: readonly number[]) =>
    samples.length === 0
      ? Number.NaN
      : percentile(
          [...samples].sort((a, b) => a - b),
          99,
        );
  return { value: p99(httpLatenciesMs), ceiling: p99(driverLatenciesMs) };
}

import { median, percentile } from './stats.js';

/** One new auction matched: how long the match statement took, and how many members it told. */
export interface MatchSample {
  ms: number;
  told: number;
}

/** The match statement's time per new auction (docs/performance.md, "saved-search-match"). */
export interface MatchTimings {
  auctions: number;
  /** Median time of the statement per new auction. */
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Members told per new auction, on average (each one a notice and its outbox row written). */
  meanTold: number;
  /**
   * Time per member told: the statement's whole time over every member it told, for the auctions
   * that told anyone (what writing one notice costs, finding included); null when none did.
   */
  msPerMemberTold: number | null;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function summariseMatchTimings(samples: readonly MatchSample[]): MatchTimings {
  if (samples.length === 0) throw new Error('no auction was matched');
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const told = samples.reduce((sum, s) => sum + s.told, 0);
  const telling = samples.filter((s) => s.told > 0);
  const tellingMs = telling.reduce((sum, s) => sum + s.ms, 0);
  const tellingTold = telling.reduce((sum, s) => sum + s.told, 0);
  return {
    auctions: samples.length,
    medianMs: round(median(sorted)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1)!),
    meanTold: round(told / samples.length),
    msPerMemberTold: tellingTold > 0 ? round(tellingMs / tellingTold) : null,
  };
}

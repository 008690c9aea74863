import { describe, expect, it } from 'vitest';
import { summariseMatchTimings } from './saved-search-match.js';

describe('summariseMatchTimings', () => {
  it('gives the median, nearest-rank percentiles and the maximum of the per-auction times', () => {
    const samples = [40, 10, 30, 20, 50, 60, 70, 80, 90, 100].map((ms) => ({ ms, told: 0 }));
    expect(summariseMatchTimings(samples)).toEqual({
      auctions: 10,
      medianMs: 55,
      p90Ms: 90,
      p99Ms: 100,
      maxMs: 100,
      meanTold: 0,
      msPerMemberTold: null,
    });
  });

  it('takes the middle time of an odd count', () => {
    expect(
      summariseMatchTimings([
        { ms: 3, told: 1 },
        { ms: 1, told: 1 },
        { ms: 2, told: 1 },
      ]).medianMs,
    ).toBe(2);
  });

  it('averages members told over every auction, and the time per member over the auctions that told anyone', () => {
    const timings = summariseMatchTimings([
      { ms: 12, told: 4 },
      { ms: 2, told: 0 },
      { ms: 18, told: 8 },
      { ms: 4, told: 0 },
    ]);
    expect(timings.meanTold).toBe(3);
    // (12 + 18) ms over (4 + 8) members; the two auctions that told nobody are left out.
    expect(timings.msPerMemberTold).toBe(2.5);
  });

  it('rounds to the microsecond', () => {
    expect(summariseMatchTimings([{ ms: 1.23456789, told: 3 }]).medianMs).toBe(1.235);
    expect(summariseMatchTimings([{ ms: 1, told: 3 }]).msPerMemberTold).toBe(0.333);
  });

  it('refuses an empty run rather than report NaN', () => {
    expect(() => summariseMatchTimings([])).toThrow('no auction was matched');
  });
});

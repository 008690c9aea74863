import { describe, expect, it } from 'vitest';
import { toScenarioResult } from '../summary.js';
import { p99Round } from './latency-rounds.js';

/** 1 … n milliseconds, shuffled: the p99 must not depend on the order samples arrived in. */
const ramp = (n: number, scale = 1) =>
  Array.from({ length: n }, (_, i) => (i + 1) * scale).sort((a, b) => ((a * 7919) % 97) - ((b * 7919) % 97));

describe('hot-auction-latency arithmetic', () => {
  it('takes the nearest-rank p99 of each side, whatever order the samples came in', () => {
    expect(p99Round(ramp(200), ramp(100))).toEqual({ value: 198, ceiling: 99 });
    expect(p99Round([5], [2])).toEqual({ value: 5, ceiling: 2 });
  });

  it('gives no figure for a side without samples, and the verdict leaves that round out', () => {
    const empty = p99Round([], [1, 2, 3]);
    expect(empty.value).toBeNaN();
    const result = toScenarioResult({
      name: 'hot-auction-latency',
      target: { of: 'ratio', op: '<=', bound: 2 },
      invariant: 'every bid was answered',
      measurement: {
        value: null,
        ceiling: null,
        rounds: [empty, p99Round(ramp(100, 3), ramp(100, 2)), p99Round(ramp(100, 5), ramp(100, 2))],
        invariantHeld: true,
        detail: { unit: 'ms' },
      },
    });
    // Rounds of 1.5 and 2.5: the median of two is their mean, so the target of 2 is just met.
    expect(result.ratio).toBe(2);
    expect(result.spread).toEqual([1.5, 2.5]);
    expect(result.met).toBe(true);
    expect(result.detail.rounds).toBe(2);
  });

  it('misses the target when the HTTP tail is more than twice the statement tail', () => {
    const result = toScenarioResult({
      name: 'hot-auction-latency',
      target: { of: 'ratio', op: '<=', bound: 2 },
      invariant: 'every bid was answered',
      measurement: {
        value: null,
        ceiling: null,
        rounds: [p99Round(ramp(100, 21), ramp(100, 10))],
        invariantHeld: true,
        detail: { unit: 'ms' },
      },
    });
    expect(result.value).toBe(2079);
    expect(result.ceiling).toBe(990);
    expect(result.ratio).toBe(2.1);
    expect(result.met).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { toScenarioResult } from '../summary.js';
import { answerToLastReceiptMs, fanoutRedisRound, spreadIsEven } from './fanout-redis.js';

describe('fanout-redis arithmetic', () => {
  it('times an update from its answer to its last subscriber', () => {
    expect(answerToLastReceiptMs({ n: 1, sentAt: 90, answeredAt: 100, arrivals: [98, 104, 131.5, 120] })).toBe(31.5);
    // Every subscriber had it before the answer was back: nothing was left to wait for.
    expect(answerToLastReceiptMs({ n: 2, sentAt: 90, answeredAt: 100, arrivals: [90, 95] })).toBe(0);
    expect(answerToLastReceiptMs({ n: 3, sentAt: 90, answeredAt: 100, arrivals: [] })).toBeNaN();
  });

  it("takes each side's p99 over the round's updates, leaving out an update nobody had", () => {
    const updates = (lastDelays: number[]) =>
      lastDelays.map((delay, i) => ({
        n: i + 1,
        sentAt: 1000 * i - 5,
        answeredAt: 1000 * i,
        arrivals: [1000 * i + 1, 1000 * i + delay],
      }));
    const app = updates([10, 12, 40, 11, 13]);
    const bare = [...updates([5, 6, 7, 8, 20]), { n: 6, sentAt: 0, answeredAt: 0, arrivals: [] }];
    // Nearest rank: the p99 of 5 updates is the slowest of them.
    expect(fanoutRedisRound(app, bare)).toEqual({ value: 40, ceiling: 20 });
  });

  it('judges the median of the rounds against <= 2', () => {
    const round = (app: number, bare: number) =>
      fanoutRedisRound(
        [{ n: 1, sentAt: 0, answeredAt: 0, arrivals: [app] }],
        [{ n: 1, sentAt: 0, answeredAt: 0, arrivals: [bare] }],
      );
    const result = toScenarioResult({
      name: 'fanout-redis',
      target: { of: 'ratio', op: '<=', bound: 2 },
      invariant: 'every subscriber on every instance got every update, in order',
      measurement: {
        value: null,
        ceiling: null,
        // Ratios 1.5, 4 and 1.8: one slow round does not decide.
        rounds: [round(30, 20), round(80, 20), round(36, 20)],
        invariantHeld: true,
        detail: { unit: 'ms' },
      },
    });
    expect(result).toMatchObject({
      name: 'fanout-redis',
      value: 36,
      ceiling: 20,
      ratio: 1.8,
      spread: [1.5, 4],
      target: '<= 2',
      met: true,
      invariantHeld: true,
    });
  });

  it('calls a round-robin spread of subscribers even', () => {
    expect(spreadIsEven([500, 500, 500], 1500)).toBe(true);
    expect(spreadIsEven([502, 499, 499], 1500)).toBe(true);
    expect(spreadIsEven([1000, 500, 0], 1500)).toBe(false);
    expect(spreadIsEven([], 0)).toBe(false);
  });
});

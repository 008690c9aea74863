import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextAttemptAfterFailure, retryDelayMs } from './retry-policy.js';

describe('the outbox retry policy', () => {
  it('starts at 5 s, doubles, and stops growing at 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ]);
  });

  it('never waits less than the first delay or more than the cap, and never less after more failures', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (attempts) => {
        const delay = retryDelayMs(attempts);
        expect(delay).toBeGreaterThanOrEqual(DEFAULT_RETRY_POLICY.firstDelayMs);
        expect(delay).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxDelayMs);
        expect(retryDelayMs(attempts + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it('gives up once the next try would come more than 24 hours after the notification', () => {
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const early = new Date(createdAt.getTime() + 60_000);
    expect(nextAttemptAfterFailure({ createdAt, attempts: 1 }, early)).toEqual(new Date(early.getTime() + 5_000));
    const late = new Date(createdAt.getTime() + 24 * 3_600_000 - 1_000);
    expect(nextAttemptAfterFailure({ createdAt, attempts: 40 }, late)).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 48 * 3_600_000 }), (attempts, age) => {
        const now = new Date(createdAt.getTime() + age);
        const next = nextAttemptAfterFailure({ createdAt, attempts }, now);
        if (next) expect(next.getTime() - createdAt.getTime()).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.giveUpAfterMs);
        else expect(now.getTime() + retryDelayMs(attempts) - createdAt.getTime()).toBeGreaterThan(24 * 3_600_000);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DURATION_OPTIONS, formatCountdown, formatDuration, formatRelativeTime } from './time.js';

const now = new Date('2026-05-01T12:00:00Z').getTime();
const after = (ms: number) => now + ms;
const M = 60_000;
const H = 60 * M;
const D = 24 * H;

describe('formatCountdown (docs/product.md §4)', () => {
  it.each([
    [2 * D + 3 * H + 10 * M, '2d 3h'],
    [1 * D, '1d 0h'],
    [5 * H + 7 * M, '5h 7m'],
    [1 * H, '1h 0m'],
    [59 * M + 59_000, '59m'],
    [30_000, '0m'],
    [0, 'Ended'],
    [-5 * M, 'Ended'],
  ])('shows %i ms left as %s', (ms, label) => {
    expect(formatCountdown(after(ms), now)).toBe(label);
  });

  it('is "Ended" exactly when no time is left, and otherwise one of the three shapes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * D, max: 60 * D }), (ms) => {
        const label = formatCountdown(after(ms), now);
        if (ms <= 0) expect(label).toBe('Ended');
        else expect(label).toMatch(/^(\d+d \d{1,2}h|\d{1,2}h \d{1,2}m|\d{1,2}m)$/);
      }),
    );
  });

  it('never counts up as time passes', () => {
    const toMinutes = (label: string) => {
      if (label === 'Ended') return -1;
      const d = /(\d+)d/.exec(label)?.[1] ?? '0';
      const h = /(\d+)h/.exec(label)?.[1] ?? '0';
      const m = /(\d+)m/.exec(label)?.[1] ?? '0';
      return Number(d) * 1440 + Number(h) * 60 + Number(m);
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 * D }), fc.integer({ min: 0, max: 5 * D }), (left, elapsed) => {
        const end = after(left);
        expect(toMinutes(formatCountdown(end, now + elapsed))).toBeLessThanOrEqual(
          toMinutes(formatCountdown(end, now)),
        );
      }),
    );
  });
});

describe('formatRelativeTime (docs/product.md §4)', () => {
  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [M, '1m'],
    [59 * M, '59m'],
    [H, '1h'],
    [23 * H + 59 * M, '23h'],
    [D, '1d'],
    [40 * D, '40d'],
  ])('shows %i ms ago as %s', (ms, label) => {
    expect(formatRelativeTime(now - ms, now)).toBe(label);
  });

  it("adds 'ago' for the chat widget, but not to 'Just now'", () => {
    expect(formatRelativeTime(now - 5 * M, now, { withAgo: true })).toBe('5m ago');
    expect(formatRelativeTime(now - 1000, now, { withAgo: true })).toBe('Just now');
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(now + 5000, now)).toBe('Just now');
  });
});

describe('duration options (docs/product.md §9)', () => {
  it('offers 96 options from 15 minutes to 24 hours in 15-minute steps', () => {
    expect(DURATION_OPTIONS).toHaveLength(96);
    expect(DURATION_OPTIONS[0]).toEqual({ value: 15, label: '15m' });
    expect(DURATION_OPTIONS[5]).toEqual({ value: 90, label: '1h 30m' });
    expect(DURATION_OPTIONS[3]).toEqual({ value: 60, label: '1h' });
    expect(DURATION_OPTIONS.at(-1)).toEqual({ value: 1440, label: '24h' });
    expect(DURATION_OPTIONS.every((o, i) => o.value === (i + 1) * 15)).toBe(true);
  });

  it('labels longer durations with days', () => {
    expect(formatDuration(10_080)).toBe('7d');
    expect(formatDuration(1_530)).toBe('1d 1h 30m');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MONEY_CENTS } from './money.js';
import { serviceFeeCents } from './payments.js';
import { REFUND_TIMING_TEXT, settleDate, type DateAttendance } from './the-date.js';

const MINUTE = 60_000;
const start = new Date('2027-05-01T18:00:00.000Z').getTime();
const at = (minutes: number) => new Date(start + minutes * MINUTE);

/** Any attendance: any bid, any agreed length, any check-ins (or none), any end (or none). */
const attendance: fc.Arbitrary<DateAttendance> = fc.record({
  winningBidCents: fc.integer({ min: 0, max: MAX_MONEY_CENTS }),
  agreedMinutes: fc.integer({ min: 15, max: 10_080 }),
  hostArrivedAt: fc.option(fc.integer({ min: -120, max: 600 }).map(at), { nil: null }),
  winnerArrivedAt: fc.option(fc.integer({ min: -120, max: 600 }).map(at), { nil: null }),
  endedAt: fc.option(fc.integer({ min: -120, max: 20_000 }).map(at), { nil: null }),
});

describe('settleDate (docs/the-date.md: the share depends on the agreed length, docs/product.md §1)', () => {
  it('never gives the host more than the winning bid less the fee, nor anything negative, and accounts for every cent', () => {
    fc.assert(
      fc.property(attendance, (a) => {
        const s = settleDate(a);
        for (const amount of [s.feeCents, s.hostShareCents, s.refundCents]) {
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(s.hostShareCents).toBeLessThanOrEqual(a.winningBidCents - serviceFeeCents(a.winningBidCents));
        expect(s.feeCents + s.hostShareCents + s.refundCents).toBe(a.winningBidCents);
      }),
    );
  });

  it('gives the host more the longer the date lasted, up to the full share at the agreed length', () => {
    fc.assert(
      fc.property(attendance, fc.integer({ min: 1, max: 600 }), (a, extra) => {
        const both = { ...a, hostArrivedAt: at(0), winnerArrivedAt: at(5) };
        const shorter = settleDate({ ...both, endedAt: at(5 + 10) });
        const longer = settleDate({ ...both, endedAt: at(5 + 10 + extra) });
        expect(longer.hostShareCents).toBeGreaterThanOrEqual(shorter.hostShareCents);
        const full = settleDate({ ...both, endedAt: at(5 + a.agreedMinutes) });
        expect(full).toMatchObject({ reason: 'full_length', refundCents: 0 });
        expect(full.hostShareCents).toBe(a.winningBidCents - serviceFeeCents(a.winningBidCents));
      }),
    );
  });

  it('refunds everything, the fee included, when the host never checked in', () => {
    fc.assert(
      fc.property(attendance, (a) => {
        expect(settleDate({ ...a, hostArrivedAt: null })).toEqual({
          reason: 'host_no_show',
          feeCents: 0,
          hostShareCents: 0,
          refundCents: a.winningBidCents,
          minutesTogether: null,
        });
      }),
    );
  });

  it('worked examples on a $100 winning bid for a 60-minute date', () => {
    const base = { winningBidCents: 10_000, agreedMinutes: 60 };
    // Both there for the whole hour: $10 fee, $90 to the host.
    expect(settleDate({ ...base, hostArrivedAt: at(0), winnerArrivedAt: at(2), endedAt: at(70) })).toEqual({
      reason: 'full_length',
      feeCents: 1_000,
      hostShareCents: 9_000,
      refundCents: 0,
      minutesTogether: 68,
    });
    // Together for 30 of 60 minutes (from the later arrival): half the share, the other half back.
    expect(settleDate({ ...base, hostArrivedAt: at(0), winnerArrivedAt: at(10), endedAt: at(40) })).toEqual({
      reason: 'shorter_than_agreed',
      feeCents: 1_000,
      hostShareCents: 4_500,
      refundCents: 4_500,
      minutesTogether: 30,
    });
    // The winner never came: the host kept the date and gets the full share.
    expect(settleDate({ ...base, hostArrivedAt: at(0), winnerArrivedAt: null, endedAt: at(60) })).toMatchObject({
      reason: 'winner_no_show',
      hostShareCents: 9_000,
      refundCents: 0,
    });
  });

  it('word for word: the refund timing of docs/product.md §1', () => {
    expect(REFUND_TIMING_TEXT).toBe('Refunds take 7-10 days');
  });
});

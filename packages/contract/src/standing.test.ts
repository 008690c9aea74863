import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewerStandingOf } from './auctions.js';
import { formatCountdown, formatCountdownPrecise, isCountdownUrgent } from './time.js';

const now = new Date('2026-05-01T12:00:00Z');
const later = new Date(now.getTime() + 3_600_000).toISOString();
const earlier = new Date(now.getTime() - 60_000).toISOString();
const me = 'me';
const open = { isActive: true, endTime: later, winnerId: null, cancelledAt: null, currentBid: '40.00' };

describe('viewerStandingOf', () => {
  it('is null for visitors and for members who never bid', () => {
    expect(viewerStandingOf(open, null, now)).toBeNull();
    expect(viewerStandingOf(open, { id: me, highestBid: null }, now)).toBeNull();
  });

  it('says winning while my highest bid is the current bid, outbid otherwise', () => {
    expect(viewerStandingOf(open, { id: me, highestBid: '40.00' }, now)).toBe('winning');
    expect(viewerStandingOf(open, { id: me, highestBid: '39' }, now)).toBe('outbid');
  });

  it('says won for the winner and lost for every other bidder once it ended', () => {
    const sold = { ...open, isActive: false, winnerId: me, endTime: earlier };
    expect(viewerStandingOf(sold, { id: me, highestBid: '40.00' }, now)).toBe('won');
    expect(viewerStandingOf({ ...sold, winnerId: 'other' }, { id: me, highestBid: '39.00' }, now)).toBe('lost');
    expect(
      viewerStandingOf({ ...open, cancelledAt: earlier, isActive: false }, { id: me, highestBid: '40' }, now),
    ).toBe('lost');
    // Buy Now on an open auction ends it with a winner before its end time.
    expect(viewerStandingOf({ ...open, isActive: false, winnerId: 'other' }, { id: me, highestBid: '40' }, now)).toBe(
      'lost',
    );
  });

  it('keeps the leader winning past the end until the closing job closes it', () => {
    const due = { ...open, endTime: earlier };
    expect(viewerStandingOf(due, { id: me, highestBid: '40.00' }, now)).toBe('winning');
    expect(viewerStandingOf(due, { id: me, highestBid: '30.00' }, now)).toBe('lost');
  });

  it('gives every bidder a standing and at most one of them winning or won', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (amounts, ended) => {
          // Bidder i's highest bid; the auction's current bid is the highest of them, unique by construction.
          const highs = amounts.map((amount, i) => amount * 10 + i);
          const top = Math.max(...highs);
          const leader = highs.indexOf(top);
          const auction = {
            ...open,
            currentBid: `${top}.00`,
            ...(ended ? { isActive: false, winnerId: `b${leader}`, endTime: earlier } : {}),
          };
          const standings = highs.map((high, i) =>
            viewerStandingOf(auction, { id: `b${i}`, highestBid: `${high}` }, now),
          );
          expect(standings.every((s) => s !== null)).toBe(true);
          expect(standings.filter((s) => s === 'winning' || s === 'won')).toHaveLength(1);
          expect(standings[leader]).toBe(ended ? 'won' : 'winning');
        },
      ),
    );
  });
});

describe('formatCountdownPrecise', () => {
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('counts seconds in the last hour and matches formatCountdown before it', () => {
    expect(formatCountdownPrecise(at(12 * 60_000 + 5_000), now)).toBe('12m 05s');
    expect(formatCountdownPrecise(at(45_000), now)).toBe('45s');
    expect(formatCountdownPrecise(at(0), now)).toBe('Ended');
    fc.assert(
      fc.property(fc.integer({ min: 3_600_000, max: 10 * 86_400_000 }), (ms) => {
        expect(formatCountdownPrecise(at(ms), now)).toBe(formatCountdown(at(ms), now));
      }),
    );
  });

  it('is urgent only in the last five minutes', () => {
    expect(isCountdownUrgent(at(5 * 60_000), now)).toBe(true);
    expect(isCountdownUrgent(at(5 * 60_000 + 1), now)).toBe(false);
    expect(isCountdownUrgent(at(0), now)).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBidRequest,
  bidBoundProblem,
  bidCeilingCents,
  initialAutoBidState,
  isReserveMet,
  outbidByAutomaticBidMessage,
  priceWithReserve,
  replayBidRequests,
  standingFromMaximums,
  type AutoBidState,
  type BidRequest,
} from './auto-bids.js';

const BIDDERS = ['ann', 'ben', 'cat', 'dan'];

/** Random requests: plain bids and maximums, near the action so that ties and cents happen. */
const requestArb = fc.record({
  bidderId: fc.constantFrom(...BIDDERS),
  amountCents: fc.integer({ min: 100, max: 20_000 }),
  extraCents: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })), { nil: undefined }),
});
const sequenceArb = fc.array(requestArb, { maxLength: 40 }).map((items) =>
  items.map<BidRequest>((item) => ({
    bidderId: item.bidderId,
    amountCents: item.amountCents,
    maxCents: item.extraCents === undefined ? undefined : item.amountCents + item.extraCents,
  })),
);
const startingArb = fc.integer({ min: 100, max: 5_000 });

/** Replays `requests`, tracking every bidder's maximum, when they set it and their highest row. */
function replayWithMaximums(startingCents: number, requests: BidRequest[], reserveCents: number | null = null) {
  let state: AutoBidState = initialAutoBidState(startingCents, reserveCents);
  const bidders = new Map<string, { maxCents: number; setOrder: number; highestAmountCents: number }>();
  let maxRaisedWhileLeading = false;
  requests.forEach((request, order) => {
    const before = state;
    const outcome = applyBidRequest(state, request);
    if (!outcome.accepted) return;
    const max = request.maxCents ?? request.amountCents;
    const known = bidders.get(request.bidderId);
    if (!known || max > known.maxCents) {
      bidders.set(request.bidderId, {
        maxCents: max,
        setOrder: order,
        highestAmountCents: known?.highestAmountCents ?? 0,
      });
    }
    // Any bid by the leader (a maximum or a plain bid) only raises their maximum.
    if (before.leaderId === request.bidderId) maxRaisedWhileLeading = true;
    for (const row of outcome.rows) {
      const entry = bidders.get(row.bidderId)!;
      entry.highestAmountCents = Math.max(entry.highestAmountCents, row.amountCents);
    }
    state = outcome.state;
  });
  return { state, bidders, maxRaisedWhileLeading };
}

describe('automatic bids: the rule', () => {
  it('leads with the highest maximum, the earliest on a tie, whatever the interleaving', () => {
    fc.assert(
      fc.property(startingArb, sequenceArb, (starting, requests) => {
        const { state, bidders } = replayWithMaximums(starting, requests);
        const expected = standingFromMaximums(
          starting,
          [...bidders].map(([bidderId, entry]) => ({ bidderId, ...entry })),
        );
        expect(state.leaderId).toBe(expected.leaderId);
        if (state.leaderId) expect(state.leaderMaxCents).toBe(expected.leaderMaxCents);
      }),
      { numRuns: 500 },
    );
  });

  it('prices at the lowest amount that beats every other maximum, capped at the leader’s', () => {
    fc.assert(
      fc.property(startingArb, sequenceArb, (starting, requests) => {
        const { state, bidders, maxRaisedWhileLeading } = replayWithMaximums(starting, requests);
        const list = [...bidders].map(([bidderId, entry]) => ({ bidderId, ...entry }));
        const expected = standingFromMaximums(starting, list);
        if (!state.leaderId) return;
        expect(state.priceCents).toBeLessThanOrEqual(state.leaderMaxCents);
        for (const other of list.filter((b) => b.bidderId !== state.leaderId)) {
          expect(state.priceCents).toBeGreaterThanOrEqual(other.maxCents);
        }
        // A leader raising their own maximum keeps the price, so only then may it sit lower.
        if (maxRaisedWhileLeading) expect(state.priceCents).toBeLessThanOrEqual(expected.priceCents);
        else expect(state.priceCents).toBe(expected.priceCents);
      }),
      { numRuns: 500 },
    );
  });

  it('stores rows that never go down, and counts every row', () => {
    fc.assert(
      fc.property(startingArb, sequenceArb, (starting, requests) => {
        const { state, rows } = replayBidRequests(starting, requests);
        expect(state.bidCount).toBe(rows.length);
        for (let i = 1; i < rows.length; i++) {
          expect(rows[i]!.amountCents).toBeGreaterThanOrEqual(rows[i - 1]!.amountCents);
        }
        if (rows.length > 0) {
          expect(rows[0]!.amountCents).toBeGreaterThanOrEqual(starting);
          expect(rows.at(-1)!.amountCents).toBe(state.priceCents);
          expect(rows.at(-1)!.bidderId).toBe(state.leaderId);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('behaves exactly like plain bidding when nobody sets a maximum and nobody bids while leading', () => {
    fc.assert(
      fc.property(startingArb, fc.array(requestArb, { maxLength: 30 }), (starting, items) => {
        let state = initialAutoBidState(starting);
        let price = starting;
        let count = 0;
        for (const item of items) {
          if (item.bidderId === state.leaderId) continue;
          const minimum = count === 0 ? starting : price + 100;
          const outcome = applyBidRequest(state, { bidderId: item.bidderId, amountCents: item.amountCents });
          expect(outcome.accepted).toBe(item.amountCents >= minimum);
          if (!outcome.accepted) continue;
          expect(outcome.rows).toEqual([{ bidderId: item.bidderId, amountCents: item.amountCents, automatic: false }]);
          expect(outcome.outbidByAutomaticBid).toBe(false);
          state = outcome.state;
          price = item.amountCents;
          count++;
        }
        expect(state.priceCents).toBe(price);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a bid below the leader’s maximum at once, one step above it', () => {
    let state = initialAutoBidState(2000);
    const first = applyBidRequest(state, { bidderId: 'ann', amountCents: 2000, maxCents: 10_000 });
    if (!first.accepted) throw new Error('refused');
    state = first.state;
    expect(state.priceCents).toBe(2000);
    const rival = applyBidRequest(state, { bidderId: 'ben', amountCents: 5000 });
    if (!rival.accepted) throw new Error('refused');
    expect(rival.outbidByAutomaticBid).toBe(true);
    expect(rival.outbidId).toBeNull();
    expect(rival.rows).toEqual([
      { bidderId: 'ben', amountCents: 5000, automatic: false },
      { bidderId: 'ann', amountCents: 5100, automatic: true },
    ]);
    // Raising your own maximum while you lead does not raise the price.
    const raise = applyBidRequest(rival.state, { bidderId: 'ann', amountCents: 5200, maxCents: 20_000 });
    if (!raise.accepted) throw new Error('refused');
    expect(raise.rows).toEqual([]);
    expect(raise.state.priceCents).toBe(5100);
    // A higher maximum takes the lead one step above the beaten one, which is shown at its maximum.
    const beat = applyBidRequest(raise.state, { bidderId: 'ben', amountCents: 5200, maxCents: 30_000 });
    if (!beat.accepted) throw new Error('refused');
    expect(beat.outbidId).toBe('ann');
    expect(beat.rows).toEqual([
      { bidderId: 'ann', amountCents: 20_000, automatic: true },
      { bidderId: 'ben', amountCents: 20_100, automatic: false },
    ]);
    // On equal maximums the one who set it first leads.
    const tie = applyBidRequest(beat.state, { bidderId: 'cat', amountCents: 30_000 });
    if (!tie.accepted) throw new Error('refused');
    expect(tie.state.leaderId).toBe('ben');
    expect(tie.state.priceCents).toBe(30_000);
  });

  it('a new bid by the leader, plain or a maximum, raises their maximum and never the price', () => {
    fc.assert(
      fc.property(startingArb, sequenceArb, requestArb, (starting, requests, extra) => {
        const { state } = replayBidRequests(starting, requests);
        if (!state.leaderId) return;
        const request = { bidderId: state.leaderId, amountCents: extra.amountCents };
        const outcome = applyBidRequest(state, request);
        if (!outcome.accepted) return;
        expect(outcome.rows).toEqual([]);
        expect(outcome.outbidId).toBeNull();
        expect(outcome.state.priceCents).toBe(state.priceCents);
        expect(outcome.state.bidCount).toBe(state.bidCount);
        expect(outcome.state.leaderMaxCents).toBe(Math.max(state.leaderMaxCents, request.amountCents));
      }),
      { numRuns: 300 },
    );
  });

  it('the storm of twelve maximums, then everyone bidding their maximum again by hand: $95, not $99', () => {
    const maximums = [20, 57, 94, 41, 78, 25, 62, 99, 46, 83, 30, 67];
    const storm: BidRequest[] = maximums.map((max, i) => ({
      bidderId: `b${i}`,
      amountCents: 1000,
      maxCents: max * 100,
    }));
    const again: BidRequest[] = maximums.map((max, i) => ({ bidderId: `b${i}`, amountCents: max * 100 }));
    const before = replayBidRequests(1000, storm).state;
    expect(before).toMatchObject({ leaderId: 'b7', priceCents: 9500, leaderMaxCents: 9900 });
    const after = replayBidRequests(1000, [...storm, ...again]).state;
    expect(after).toMatchObject({ leaderId: 'b7', priceCents: 9500, leaderMaxCents: 9900, bidCount: before.bidCount });
  });

  it('says how much leads in the message', () => {
    expect(outbidByAutomaticBidMessage(5200)).toBe("Someone's maximum bid is higher. Bid at least $52 to lead.");
  });
});

/** A reserve somewhere between the starting bid and well above where the random bids go. */
const reserveArb = fc.integer({ min: 0, max: 25_000 });

describe('reserve price: the rule beside the automatic-bid rule', () => {
  it('a leading maximum at or above the reserve puts the price at the reserve or above, after every bid', () => {
    fc.assert(
      fc.property(startingArb, reserveArb, sequenceArb, (starting, extra, requests) => {
        const reserve = starting + extra;
        let state = initialAutoBidState(starting, reserve);
        for (const request of requests) {
          const outcome = applyBidRequest(state, request);
          if (!outcome.accepted) continue;
          state = outcome.state;
          expect(state.priceCents).toBeLessThanOrEqual(state.leaderMaxCents);
          if (state.leaderMaxCents >= reserve) expect(state.priceCents).toBeGreaterThanOrEqual(reserve);
          // "Reserve met" is read from the public price alone, and says exactly this.
          expect(isReserveMet({ reserveCents: reserve, priceCents: state.priceCents, bidCount: state.bidCount })).toBe(
            state.leaderMaxCents >= reserve,
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('below the reserve the price follows the normal rule: the same rows and state as without a reserve', () => {
    fc.assert(
      fc.property(startingArb, reserveArb, sequenceArb, (starting, extra, requests) => {
        const reserve = starting + extra;
        const highest = Math.max(0, ...requests.map((request) => request.maxCents ?? request.amountCents));
        fc.pre(highest < reserve);
        const plain = replayBidRequests(starting, requests);
        const reserved = replayBidRequests(starting, requests, reserve);
        expect(reserved.rows).toEqual(plain.rows);
        expect({ ...reserved.state, reserveCents: null }).toEqual({ ...plain.state, reserveCents: null });
      }),
      { numRuns: 300 },
    );
  });

  it('the price is the normal rule’s price raised to the reserve once the leader’s maximum meets it', () => {
    fc.assert(
      fc.property(startingArb, reserveArb, sequenceArb, (starting, extra, requests) => {
        const reserve = starting + extra;
        const { state, bidders, maxRaisedWhileLeading } = replayWithMaximums(starting, requests, reserve);
        const list = [...bidders].map(([bidderId, entry]) => ({ bidderId, ...entry }));
        const expected = standingFromMaximums(starting, list, reserve);
        expect(state.leaderId).toBe(expected.leaderId);
        if (!state.leaderId) return;
        for (const other of list.filter((b) => b.bidderId !== state.leaderId)) {
          expect(state.priceCents).toBeGreaterThanOrEqual(other.maxCents);
        }
        if (maxRaisedWhileLeading) expect(state.priceCents).toBeLessThanOrEqual(expected.priceCents);
        else expect(state.priceCents).toBe(expected.priceCents);
      }),
      { numRuns: 500 },
    );
  });

  it('stores rows that never go down, the last at the price, and counts every row', () => {
    fc.assert(
      fc.property(startingArb, reserveArb, sequenceArb, (starting, extra, requests) => {
        const { state, rows } = replayBidRequests(starting, requests, starting + extra);
        expect(state.bidCount).toBe(rows.length);
        for (let i = 1; i < rows.length; i++) {
          expect(rows[i]!.amountCents).toBeGreaterThanOrEqual(rows[i - 1]!.amountCents);
        }
        if (rows.length > 0) {
          expect(rows.at(-1)!.amountCents).toBe(state.priceCents);
          expect(rows.at(-1)!.bidderId).toBe(state.leaderId);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a leader raising their maximum to the reserve lifts the price to it with one row; otherwise nothing moves', () => {
    fc.assert(
      fc.property(startingArb, reserveArb, sequenceArb, requestArb, (starting, extra, requests, more) => {
        const reserve = starting + extra;
        const { state } = replayBidRequests(starting, requests, reserve);
        if (!state.leaderId) return;
        const outcome = applyBidRequest(state, { bidderId: state.leaderId, amountCents: more.amountCents });
        if (!outcome.accepted) return;
        const leaderMax = Math.max(state.leaderMaxCents, more.amountCents);
        expect(outcome.state.leaderMaxCents).toBe(leaderMax);
        expect(outcome.state.priceCents).toBe(priceWithReserve(state.priceCents, leaderMax, reserve));
        expect(outcome.rows).toEqual(
          outcome.state.priceCents > state.priceCents
            ? [{ bidderId: state.leaderId, amountCents: reserve, automatic: false }]
            : [],
        );
      }),
      { numRuns: 300 },
    );
  });

  it('the example of the issue: $10 to start, "not below $60"', () => {
    let state = initialAutoBidState(1000, 6000);
    const first = applyBidRequest(state, { bidderId: 'ann', amountCents: 1000, maxCents: 3000 });
    if (!first.accepted) throw new Error('refused');
    state = first.state;
    expect(state.priceCents).toBe(1000);
    expect(isReserveMet({ reserveCents: 6000, priceCents: state.priceCents, bidCount: state.bidCount })).toBe(false);
    // A maximum at the reserve beats Ann's and jumps to the reserve, not to $31.
    const ben = applyBidRequest(state, { bidderId: 'ben', amountCents: 1100, maxCents: 8000 });
    if (!ben.accepted) throw new Error('refused');
    expect(ben.rows).toEqual([
      { bidderId: 'ann', amountCents: 3000, automatic: true },
      { bidderId: 'ben', amountCents: 6000, automatic: false },
    ]);
    expect(isReserveMet({ reserveCents: 6000, priceCents: 6000, bidCount: ben.state.bidCount })).toBe(true);
    // From there the normal rule: Cat's $70 is answered at $71.
    const cat = applyBidRequest(ben.state, { bidderId: 'cat', amountCents: 7000 });
    if (!cat.accepted) throw new Error('refused');
    expect(cat.state.priceCents).toBe(7100);
    expect(isReserveMet({ reserveCents: null, priceCents: 7100, bidCount: 3 })).toBeUndefined();
  });
});

describe('bounded money', () => {
  it('caps at the greater of $1,000 and 10 × the minimum, never above $100,000', () => {
    expect(bidCeilingCents(2000)).toBe(100_000);
    expect(bidCeilingCents(15_000)).toBe(150_000);
    expect(bidCeilingCents(5_000_000)).toBe(10_000_000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_99 }), (minimum) => {
        const ceiling = bidCeilingCents(minimum);
        expect(ceiling).toBeGreaterThanOrEqual(Math.min(100_000, 10_000_000));
        expect(ceiling).toBeLessThanOrEqual(10_000_000);
        expect(ceiling).toBeGreaterThanOrEqual(Math.min(10 * minimum, 10_000_000));
      }),
    );
  });

  it('refuses the reproduction: 99,999,999.99 on an auction with a $150 Buy Now', () => {
    expect(
      bidBoundProblem({ amountCents: 99_999_999_99, minimumCents: 2000, buyNowPrice: '150.00', buyNowCents: 15_000 }),
    ).toBe('Buy it now for $150 instead');
    expect(
      bidBoundProblem({ amountCents: 15_000, minimumCents: 2000, buyNowPrice: '150.00', buyNowCents: 15_000 }),
    ).toBe('Buy it now for $150 instead');
    expect(
      bidBoundProblem({ amountCents: 14_999, minimumCents: 2000, buyNowPrice: '150.00', buyNowCents: 15_000 }),
    ).toBeNull();
    expect(bidBoundProblem({ amountCents: 100_001, minimumCents: 2000, buyNowPrice: null, buyNowCents: null })).toBe(
      'Bids on this auction can be at most $1,000 for now. Please enter a smaller amount.',
    );
    expect(
      bidBoundProblem({ amountCents: 100_000, minimumCents: 2000, buyNowPrice: null, buyNowCents: null }),
    ).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuctionSchema, editAuctionSchema, placeBidSchema } from './auction-schemas.js';
import {
  bidProgressPercent,
  bidTooLowMessage,
  displayNameOf,
  findPreSubmitProblem,
  minimumNextBidCents,
  MIN_DURATION_BY_DATE_TYPE,
} from './auctions.js';

const now = new Date('2026-06-01T12:00:00Z');
const valid = {
  title: 'Coffee and a walk by the river',
  description: 'A relaxed coffee at a busy cafe, then a walk.',
  dateType: 'coffee',
  location: 'Austin, TX',
  locationRadius: 25,
  startingBid: '20',
  buyNowPrice: '80',
  endTime: '2026-06-08T23:59:00.000Z',
  paymentResponsibility: '50_50',
  paymentNotes: '  I pay for the pastries  ',
  expectedDuration: 60,
};
const messageOf = (input: unknown) => {
  const result = createAuctionSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('auction create form (docs/product.md §5)', () => {
  it('accepts a valid auction and normalises money and notes', () => {
    const parsed = createAuctionSchema.parse(valid);
    expect(parsed).toMatchObject({
      startingBid: '20.00',
      buyNowPrice: '80.00',
      paymentNotes: 'I pay for the pastries',
    });
  });

  it('omits empty payment notes and an empty buy-now price', () => {
    const parsed = createAuctionSchema.parse({ ...valid, paymentNotes: '   ', buyNowPrice: '' });
    expect(parsed.paymentNotes).toBeUndefined();
    expect(parsed.buyNowPrice).toBeUndefined();
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(256) }, 'Title too long'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ dateType: 'picnic' }, 'Please select a date type'],
    [{ dateType: 'virtual' }, 'Please select a date type'],
    [{ location: '' }, 'Location is required'],
    [{ locationRadius: 0 }, 'Radius must be at least 1 mile'],
    [{ locationRadius: 501 }, 'Radius too large'],
    [{ startingBid: '0.99' }, 'Starting bid must be at least $1'],
    [{ startingBid: 'abc' }, 'Starting bid must be at least $1'],
    [{ buyNowPrice: '0.5' }, 'Buy now price must be at least $1'],
    [{ paymentResponsibility: 'nobody' }, 'Please select who pays for the date'],
    [{ paymentNotes: 'x'.repeat(501) }, 'Payment notes must be less than 500 characters'],
    [{ expectedDuration: 0 }, 'Duration must be at least 15 minutes'],
    [{ expectedDuration: 10_095 }, 'Duration cannot exceed 7 days'],
    [{ expectedDuration: 50 }, 'Duration must be in 15-minute increments'],
    [{ dateType: 'dinner', expectedDuration: 15 }, 'Duration must meet minimum requirements for selected date type'],
    [{ endTime: 'tomorrow' }, 'Please select an end date for your auction.'],
  ])('refuses %j with %j', (patch, message) => {
    expect(messageOf({ ...valid, ...patch })).toBe(message);
  });

  it('accepts exactly the durations that are 15-minute steps within range and the type minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 11_000 }),
        fc.constantFrom('coffee', 'dinner', 'activity'),
        (d, type) => {
          const ok = d >= 15 && d <= 10_080 && d % 15 === 0 && d >= MIN_DURATION_BY_DATE_TYPE[type];
          expect(createAuctionSchema.safeParse({ ...valid, dateType: type, expectedDuration: d }).success).toBe(ok);
        },
      ),
    );
  });
});

describe('pre-submit checks (docs/product.md §5), in order', () => {
  it('wants an end date first', () => {
    expect(findPreSubmitProblem({ endTime: null, startingBid: '20', buyNowPrice: '10' }, now)?.title).toBe(
      'End Date Required',
    );
  });
  it('then an end time in the future', () => {
    expect(findPreSubmitProblem({ endTime: now.toISOString(), startingBid: '20', buyNowPrice: '10' }, now)).toEqual({
      title: 'Invalid End Time',
      description: 'End time must be in the future.',
    });
  });
  it('then a buy-now price above the starting bid', () => {
    const later = new Date(now.getTime() + 3600_000).toISOString();
    expect(findPreSubmitProblem({ endTime: later, startingBid: '20', buyNowPrice: '20' }, now)).toEqual({
      title: 'Invalid Buy Now Price',
      description: 'Buy now price must be higher than starting bid.',
    });
    expect(findPreSubmitProblem({ endTime: later, startingBid: '20', buyNowPrice: '20.01' }, now)).toBeNull();
    expect(findPreSubmitProblem({ endTime: later, startingBid: '20' }, now)).toBeNull();
  });
});

describe('bid rule (docs/product.md §5)', () => {
  it('lets the first bid meet the starting bid, and later bids beat the current bid by $1', () => {
    expect(minimumNextBidCents({ startingBid: '20.00', currentBid: '20.00', bidCount: 0 })).toBe(2000);
    expect(minimumNextBidCents({ startingBid: '20.00', currentBid: '35.00', bidCount: 3 })).toBe(3600);
    expect(bidTooLowMessage(3600)).toBe('Bid must be at least 36');
    expect(bidTooLowMessage(3650)).toBe('Bid must be at least 36.50');
  });

  it('always asks more than the current bid once there are bids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9_999_999 }), fc.integer({ min: 1, max: 1000 }), (current, count) => {
        const min = minimumNextBidCents({
          startingBid: '1.00',
          currentBid: `${Math.floor(current / 100)}.${String(current % 100).padStart(2, '0')}`,
          bidCount: count,
        });
        expect(min).toBe(current + 100);
      }),
    );
  });

  it('refuses malformed amounts', () => {
    for (const amount of ['', 'ten', '-5', '1e2', '12.345', null]) {
      expect(placeBidSchema.safeParse({ auctionId: 'a', amount }).success).toBe(false);
    }
    expect(placeBidSchema.parse({ auctionId: 'a', amount: '51' }).amount).toBe('51.00');
  });
});

describe('auction edit (docs/product.md §5)', () => {
  it('takes only the editable fields, empty buy-now clearing it', () => {
    expect(editAuctionSchema.parse({ buyNowPrice: '' })).toEqual({ buyNowPrice: null });
    expect(editAuctionSchema.parse({ title: ' New ' })).toEqual({ title: 'New' });
    expect(editAuctionSchema.safeParse({ startingBid: '5' }).success).toBe(false);
    expect(editAuctionSchema.safeParse({ title: '' }).error?.issues[0]?.message).toBe('Title is required');
    expect(editAuctionSchema.parse({ buyNowPrice: 45.5 })).toEqual({ buyNowPrice: '45.50' });
    expect(editAuctionSchema.parse({ buyNowPrice: null })).toEqual({ buyNowPrice: null });
    for (const buyNowPrice of ['lots', '0', '-3', '1.234', true, {}]) {
      expect(editAuctionSchema.safeParse({ buyNowPrice }).error?.issues[0]?.message).toBe(
        'Buy now price must be a positive number',
      );
    }
  });
});

describe('display helpers (docs/product.md §2, §9)', () => {
  it('shows first name plus last initial, or Anonymous', () => {
    expect(displayNameOf({ firstName: 'Ada', lastName: 'lovelace' })).toBe('Ada L.');
    expect(displayNameOf({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(displayNameOf({ firstName: ' ', lastName: 'X' })).toBe('Anonymous');
  });

  it('fills the progress bar at 20 bids and never beyond', () => {
    expect(bidProgressPercent(0)).toBe(0);
    expect(bidProgressPercent(5)).toBe(25);
    expect(bidProgressPercent(20)).toBe(100);
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(bidProgressPercent(n)).toBeLessThanOrEqual(100);
      }),
    );
  });
});

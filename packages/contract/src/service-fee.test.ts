import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MONEY_CENTS } from './money.js';
import { serviceFeeCents } from './payments.js';

describe('serviceFeeCents (docs/product.md §1: 10% of a successful bid)', () => {
  const amount = fc.integer({ min: 0, max: MAX_MONEY_CENTS });

  it('is a whole number of cents between nothing and the whole amount, leaving the host the rest', () => {
    fc.assert(
      fc.property(amount, (cents) => {
        const fee = serviceFeeCents(cents);
        const share = cents - fee;
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(cents);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(fee + share).toBe(cents);
      }),
    );
  });

  it('is exactly a tenth when the amount divides by ten cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(MAX_MONEY_CENTS / 10) }), (tenths) => {
        expect(serviceFeeCents(tenths * 10)).toBe(tenths);
      }),
    );
  });

  it('is within half a cent of 10% otherwise, rounding half up', () => {
    fc.assert(
      fc.property(amount, (cents) => {
        expect(Math.abs(serviceFeeCents(cents) * 10 - cents)).toBeLessThanOrEqual(5);
      }),
    );
    expect(serviceFeeCents(5100)).toBe(510);
    expect(serviceFeeCents(5155)).toBe(516); // 515.5 rounds up
    expect(serviceFeeCents(5154)).toBe(515);
    expect(serviceFeeCents(4)).toBe(0);
    expect(serviceFeeCents(5)).toBe(1);
  });

  it('grows with the amount', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(serviceFeeCents(low)).toBeLessThanOrEqual(serviceFeeCents(high));
      }),
    );
  });
});

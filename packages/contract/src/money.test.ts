import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToMoneyString,
  formatAmountPlain,
  formatDollars,
  formatWholeDollars,
  groupThousands,
  parseMoneyToCents,
} from './money.js';

const MAX_WHOLE = 99_999_999;

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    [' 7 ', 700],
    [51, 5100],
    [12.25, 1225],
  ])('parses %j as %i cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1e3', '12.345', '1,000', '123456789', 'NaN', '.5', '5.'])('refuses %j', (input) => {
    expect(parseMoneyToCents(input)).toBeUndefined();
  });

  it('round-trips every representable amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_99 }), (cents) => {
        expect(parseMoneyToCents(centsToMoneyString(cents))).toBe(cents);
      }),
    );
  });

  it('formats amounts for messages and for display', () => {
    expect(formatAmountPlain(5100)).toBe('51');
    expect(formatAmountPlain(5150)).toBe('51.50');
    expect(formatWholeDollars('110.00')).toBe('$110');
    expect(formatWholeDollars('65.99')).toBe('$65');
    expect(formatWholeDollars('12500')).toBe('$12,500');
  });

  it('groups thousands as en-US does, without Intl', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_WHOLE, max: MAX_WHOLE }), (whole) => {
        expect(groupThousands(whole)).toBe(whole.toLocaleString('en-US'));
      }),
    );
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(99_999_999)).toBe('99,999,999');
  });
});

describe('formatDollars (amounts in mails and pushes)', () => {
  it('shows cents whenever the amount has any', () => {
    expect(formatDollars('389.88')).toBe('$389.88');
    expect(formatDollars('389.00')).toBe('$389');
    expect(formatDollars('100000.05')).toBe('$100,000.05');
    expect(formatDollars(12.5)).toBe('$12.50');
  });
});

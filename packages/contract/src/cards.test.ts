import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLuhnValid } from './cards.js';

/** The digit that makes `body` pass the Luhn check, computed independently of isLuhnValid. */
function luhnCheckDigit(body: string): number {
  let sum = 0;
  [...body].reverse().forEach((char, i) => {
    let digit = Number(char);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  });
  return (10 - (sum % 10)) % 10;
}

describe('Luhn check', () => {
  it('accepts Stripe’s test numbers and refuses a changed last digit', () => {
    for (const number of [
      '4242424242424242',
      '4000000000000002',
      '4000000000000341',
      '4000002500003155',
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
    ]) {
      expect(isLuhnValid(number), number).toBe(true);
      const changed = number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);
      expect(isLuhnValid(changed), changed).toBe(false);
    }
  });

  it('accepts exactly one check digit for any number body (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), (body) => {
        const valid = Array.from({ length: 10 }, (_, digit) => digit).filter((digit) => isLuhnValid(`${body}${digit}`));
        expect(valid).toEqual([luhnCheckDigit(body)]);
      }),
    );
  });

  it('refuses anything that is not digits', () => {
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('42424242424242a2')).toBe(false);
  });
});

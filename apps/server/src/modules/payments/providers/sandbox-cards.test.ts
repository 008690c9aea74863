import { isLuhnValid } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  chargeDeclineOf,
  checkExpiry,
  detectCardBrand,
  judgeSandboxCard,
  TEST_CARDS,
} from './sandbox-cards.js';

const JUNE_15 = new Date(Date.UTC(2030, 5, 15));
const judge = (number: string, expMonth = 12, expYear = 2034) =>
  judgeSandboxCard({ number, expMonth, expYear }, JUNE_15);

describe('card brand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['2220990000000000', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['5000000000000000', 'unknown'],
    ['1234567890123452', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe('expiry', () => {
  it('refuses a past year, then a past month of this year, with Stripe’s wording', () => {
    expect(checkExpiry(12, 2029, JUNE_15)).toEqual({
      code: 'invalid_expiry_year',
      message: CARD_MESSAGES.invalidExpiryYear,
    });
    expect(checkExpiry(5, 2030, JUNE_15)).toEqual({
      code: 'invalid_expiry_month',
      message: CARD_MESSAGES.invalidExpiryMonth,
    });
    expect(CARD_MESSAGES.invalidExpiryYear).toBe("Your card's expiration year is invalid.");
    expect(CARD_MESSAGES.invalidExpiryMonth).toBe("Your card's expiration month is invalid.");
  });

  it('accepts this month and anything later', () => {
    expect(checkExpiry(6, 2030, JUNE_15)).toBeNull();
    expect(checkExpiry(1, 2031, JUNE_15)).toBeNull();
  });
});

describe('sandbox card behaviour (Stripe test mode)', () => {
  it('knows only numbers that pass the Luhn check and have a brand (else they could never be used)', () => {
    for (const number of TEST_CARDS.keys()) {
      expect(isLuhnValid(number), number).toBe(true);
      expect(detectCardBrand(number), number).not.toBe('unknown');
    }
  });

  it('saves the succeeding test cards, and their charges succeed', () => {
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117']) {
      expect(judge(number), number).toEqual({
        outcome: 'save',
        needsAuthentication: false,
        chargeBehavior: 'succeeds',
      });
    }
    expect(chargeDeclineOf('succeeds')).toBeNull();
  });

  it('declines 4000000000000002 and 4000000000009995 when saved, with Stripe’s messages', () => {
    expect(judge('4000000000000002')).toEqual({
      outcome: 'decline',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(judge('4000000000009995')).toEqual({
      outcome: 'decline',
      code: 'card_declined',
      message: 'Your card has insufficient funds.',
    });
    expect(judge('4000000000000069')).toEqual({
      outcome: 'decline',
      code: 'expired_card',
      message: 'Your card has expired.',
    });
  });

  it('saves 4000000000000341, whose every charge is declined', () => {
    expect(judge('4000000000000341')).toEqual({
      outcome: 'save',
      needsAuthentication: false,
      chargeBehavior: 'declines',
    });
    expect(chargeDeclineOf('declines')).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
  });

  it('asks for authentication to save 4000002500003155 and 4000002760003184; only the latter fails off-session', () => {
    expect(judge('4000002500003155')).toEqual({
      outcome: 'save',
      needsAuthentication: true,
      chargeBehavior: 'succeeds',
    });
    expect(judge('4000002760003184')).toEqual({
      outcome: 'save',
      needsAuthentication: true,
      chargeBehavior: 'requires_authentication',
    });
    expect(chargeDeclineOf('requires_authentication')).toEqual({
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('declines a real (Luhn-valid, undocumented) card as test mode does', () => {
    expect(judge('4111111111111111')).toEqual({
      outcome: 'decline',
      code: 'card_declined',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    });
  });

  it('checks the number before the expiry, and the expiry before the issuer', () => {
    expect(judge('4242424242424241', 1, 2001)).toMatchObject({
      code: 'incorrect_number',
      message: 'Your card number is invalid.',
    });
    expect(judge('4000000000000002', 12, 2029)).toMatchObject({ code: 'invalid_expiry_year' });
    expect(judge('4242424242424242', 3, 2030)).toMatchObject({ code: 'invalid_expiry_month' });
  });
});

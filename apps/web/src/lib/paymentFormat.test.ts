import { describe, expect, it } from 'vitest';
import {
  cardBrandLabel,
  cardExpiryLabel,
  formatAmountLessFee,
  formatDollarsAndCents,
  paymentMethodLabel,
  paymentStatusLabel,
} from './paymentFormat';

describe('payment formatting', () => {
  it('names cards by brand and bank accounts by bank and type', () => {
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('unknown')).toBe('Card');
    expect(cardBrandLabel('eftpos_au')).toBe('Eftpos au');
    expect(
      paymentMethodLabel({
        id: 'pm',
        type: 'us_bank_account',
        us_bank_account: { bank_name: null, last4: '1111', account_type: 'savings', account_holder_type: null },
      }),
    ).toBe('Savings •••• 1111');
    expect(
      paymentMethodLabel({
        id: 'pm',
        type: 'us_bank_account',
        us_bank_account: { bank_name: null, last4: null, account_type: null, account_holder_type: null },
      }),
    ).toBe('Bank account');
    expect(
      cardExpiryLabel({ id: 'pm', type: 'card', card: { brand: 'visa', last4: '1', exp_month: 1, exp_year: 2105 } }),
    ).toBe('Expires 01/05');
  });

  it('shows receipts in dollars and cents, exactly', () => {
    expect(formatDollarsAndCents('51')).toBe('$51.00');
    expect(formatDollarsAndCents('0.10')).toBe('$0.10');
    expect(formatDollarsAndCents('1234567.89')).toBe('$1,234,567.89');
    expect(formatAmountLessFee('0.30', '0.03')).toBe('$0.27');
    expect(formatAmountLessFee('51.05', '5.11')).toBe('$45.94');
  });

  it('words statuses by kind, and shows unknown ones readably', () => {
    expect(paymentStatusLabel('charge', 'succeeded')).toBe('Paid');
    expect(paymentStatusLabel('earning', 'succeeded')).toBe('Paid out');
    expect(paymentStatusLabel('charge', 'processing')).toBe('Processing');
    expect(paymentStatusLabel('refund', 'pending')).toBe('Refund started');
    expect(paymentStatusLabel('refund', 'failed')).toBe('Refund failed, retrying');
    expect(paymentStatusLabel('payout', 'awaiting_account')).toBe('Waiting for your payout account');
    expect(paymentStatusLabel('payout', 'processing')).toBe('On its way');
    expect(paymentStatusLabel('release', 'released')).toBe('Released');
    expect(paymentStatusLabel('payout', 'reversed')).toBe('Reversed');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publicConfig } from '@/lib/config';
import FaqsPage from './FaqsPage';

describe('FAQ soft-close answer', () => {
  const original = publicConfig.softCloseSeconds;
  afterEach(() => {
    publicConfig.softCloseSeconds = original;
    cleanup();
  });

  it('states the configured window', () => {
    publicConfig.softCloseSeconds = 120;
    render(<FaqsPage />);
    expect(
      screen.getByText(/a bid placed in the final 2 minutes moves the end to 2 minutes after that bid/),
    ).toBeTruthy();
  });

  it('says auctions end on time when soft close is off', () => {
    publicConfig.softCloseSeconds = 0;
    render(<FaqsPage />);
    expect(screen.getByText('Auctions end exactly at their end time; a late bid does not extend them.')).toBeTruthy();
  });
});

describe('FAQ card-on-file answer (docs/payments.md)', () => {
  const original = publicConfig.payments;
  afterEach(() => {
    publicConfig.payments = original;
    cleanup();
  });

  const answer = () => screen.getByText('Do I need a saved card to bid?').closest('details')!.textContent ?? '';

  it('says a card is needed, charged only on a win with the 10% fee, and the 48-hour fix window', () => {
    publicConfig.payments = { provider: 'stripe', publishableKey: 'pk_test_example' };
    render(<FaqsPage />);
    const text = answer();
    expect(text).toContain('Before you bid, save a card or US bank account');
    expect(text).toContain('It is charged only if you win: the winning amount, of which 10% is our service fee');
    expect(text).toContain("the host's share is held until the date happens");
    expect(text).toContain('you have 48 hours to update your card and retry from the Payments list on your profile');
    expect(text).toContain('the date is offered to the next-highest bidder');
    expect(text).not.toContain('test mode');
  });

  it('mentions test mode only when the offline sandbox takes the payments', () => {
    publicConfig.payments = { provider: 'sandbox' };
    render(<FaqsPage />);
    expect(answer()).toContain('This site currently runs payments in test mode: no real money moves');
  });
});

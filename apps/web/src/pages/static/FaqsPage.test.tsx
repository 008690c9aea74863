import {
  DATE_REMINDER_MINUTES,
  DISPUTE_WINDOW_HOURS,
  HOST_NO_SHOW_GRACE_MINUTES,
  PAYOUT_REMINDER_DAYS,
  REFUND_TIMING_TEXT,
  SERVICE_FEE_RATE,
} from '@bid/contract';
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
    ).toBeInTheDocument();
  });

  it('says auctions end on time when soft close is off', () => {
    publicConfig.softCloseSeconds = 0;
    render(<FaqsPage />);
    expect(
      screen.getByText('Auctions end exactly at their end time; a late bid does not extend them.'),
    ).toBeInTheDocument();
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

describe('FAQ "Your date and your money" (docs/the-date.md)', () => {
  afterEach(cleanup);

  const answerTo = (question: string) => screen.getByText(question).closest('details')!.textContent ?? '';

  it('is its own topic, after bidding and payments', () => {
    render(<FaqsPage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Getting started',
      'Bidding and payments',
      'Your date and your money',
      'Safety and trust',
      'Privacy',
    ]);
    expect(screen.getByRole('link', { name: 'Your date and your money' }).getAttribute('href')).toBe(
      '#your-date-and-money',
    );
  });

  it('answers each question with the numbers of the rules', () => {
    render(<FaqsPage />);
    expect(answerTo('How do we agree when and where to meet?')).toContain(
      `you both get a reminder ${DATE_REMINDER_MINUTES / 60} hours before.`,
    );
    const dateMode = answerTo('What is Date Mode?');
    expect(dateMode).toContain('Date Mode lets you track the outing while it happens.');
    expect(dateMode).toContain("check in 'I'm safe' at intervals you choose, share a read-only link with a trusted");
    expect(answerTo('How much does the host receive?')).toContain(
      `The winning bid less our ${Math.round(SERVICE_FEE_RATE * 100)}% service fee, held until after the date.`,
    );
    expect(answerTo('How much does the host receive?')).toContain('counted from the later of your two arrivals');
    expect(answerTo("What if the host doesn't show up?")).toContain(
      `If the host has not checked in ${HOST_NO_SHOW_GRACE_MINUTES} minutes after the agreed start, the winner gets everything back automatically, fee included.`,
    );
    const refund = answerTo('Can I get a refund if the date goes badly?');
    expect(refund).toContain('You can request a refund if the date goes badly.');
    expect(refund).toContain(`(${DISPUTE_WINDOW_HOURS} hours after the date ends)`);
    expect(refund).toContain('Our moderators decide: in full, in part or not at all.');
    expect(refund).toContain(REFUND_TIMING_TEXT);
    const paid = answerTo('When is the host paid?');
    expect(paid).toContain(`${DISPUTE_WINDOW_HOURS} hours after the date ends if nobody asked for a refund`);
    expect(paid).toContain(`we remind you every ${PAYOUT_REMINDER_DAYS} days`);
    const profileLink = screen.getByText('When is the host paid?').closest('details')!.querySelector('a');
    expect(profileLink?.getAttribute('href')).toBe('/profile?tab=payments');
  });

  it('asks each question once on the page', () => {
    render(<FaqsPage />);
    const questions = screen.getAllByRole('group').map((details) => details.querySelector('summary')?.textContent);
    expect(new Set(questions).size).toBe(questions.length);
    expect(questions.filter((question) => question === 'What is Date Mode?')).toHaveLength(1);
  });
});

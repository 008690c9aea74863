import { type PaymentRecord, REFUND_TIMING_TEXT } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiUrl } from '@/lib/apiClient';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { PaymentsHistory } from './PaymentsHistory';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();

const inADay = new Date(Date.now() + 24 * 3600_000).toISOString();

function record(overrides: Partial<PaymentRecord>): PaymentRecord {
  return {
    id: 'c1',
    auctionId: 'a1',
    auctionTitle: 'Latte art class',
    kind: 'charge',
    amount: '51.00',
    fee: '5.10',
    status: 'succeeded',
    failureMessage: null,
    payBy: null,
    createdAt: '2026-03-04T15:05:00.000Z',
    ...overrides,
  };
}

function serve(payments: PaymentRecord[], retry?: () => Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === apiUrl('listPayments', {}) && init?.method === 'GET')
      return new Response(JSON.stringify({ payments }), { status: 200 });
    if (retry && init?.method === 'POST') return retry();
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHistory() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PaymentsHistory />
    </QueryClientProvider>,
  );
}

const row = async (title: string) => within((await screen.findByText(title)).closest('li')!);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
});

describe('Payments list', () => {
  it('shows each kind with its auction link, amount in cents, the 10% fee, status and date', async () => {
    serve([
      record({}),
      record({ id: 'e1', auctionId: 'a2', auctionTitle: 'Dinner downtown', kind: 'earning', status: 'held' }),
      record({
        id: 'r1',
        auctionId: 'a3',
        auctionTitle: 'Climbing gym',
        kind: 'refund',
        amount: '1234.50',
        fee: '0.00',
        status: 'succeeded',
      }),
    ]);
    renderHistory();
    const charge = await row('Latte art class');
    expect(charge.getByRole('link', { name: 'Latte art class' }).getAttribute('href')).toBe('/auction/a1');
    expect(charge.getByText('Charge')).toBeInTheDocument();
    expect(charge.getByText('$51.00')).toBeInTheDocument();
    expect(charge.getByText('Includes $5.10 service fee (10%)')).toBeInTheDocument();
    expect(charge.getByText('Paid')).toBeInTheDocument();
    expect(charge.getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(charge.queryByRole('button', { name: 'Retry payment' })).toBeNull();

    const earning = await row('Dinner downtown');
    expect(earning.getByText('Earning')).toBeInTheDocument();
    expect(earning.getByText('Less $5.10 service fee (10%): you receive $45.90')).toBeInTheDocument();
    expect(earning.getByText('Held until the date')).toBeInTheDocument();

    const refund = await row('Climbing gym');
    expect(refund.getByText('Refund')).toBeInTheDocument();
    expect(refund.getByText('$1,234.50')).toBeInTheDocument();
    expect(refund.getByText('Refunded')).toBeInTheDocument();
    expect(refund.getByText(REFUND_TIMING_TEXT)).toBeInTheDocument();
    expect(refund.queryByText(/service fee/)).toBeNull();
  });

  it("shows a date's release, payout and refund in words, with the refund timing on every refund", async () => {
    serve([
      record({
        id: 'rel',
        auctionId: 'a4',
        auctionTitle: 'Museum walk',
        kind: 'release',
        amount: '45.90',
        status: 'released',
      }),
      record({
        id: 'p1',
        auctionId: 'a5',
        auctionTitle: 'Board games',
        kind: 'payout',
        amount: '45.90',
        status: 'awaiting_account',
      }),
      record({
        id: 'p2',
        auctionId: 'a6',
        auctionTitle: 'Ramen night',
        kind: 'payout',
        amount: '20.00',
        status: 'processing',
      }),
      record({
        id: 'p3',
        auctionId: 'a7',
        auctionTitle: 'Kayak trip',
        kind: 'payout',
        amount: '30.00',
        status: 'paid',
      }),
      record({
        id: 'p4',
        auctionId: 'a8',
        auctionTitle: 'Jazz bar',
        kind: 'payout',
        amount: '10.00',
        status: 'failed',
      }),
      record({
        id: 'f1',
        auctionId: 'a9',
        auctionTitle: 'Pottery',
        kind: 'refund',
        amount: '51.00',
        fee: '5.10',
        status: 'pending',
      }),
      record({
        id: 'f2',
        auctionId: 'a10',
        auctionTitle: 'Bowling',
        kind: 'refund',
        amount: '12.00',
        fee: '0.00',
        status: 'failed',
      }),
    ]);
    renderHistory();

    const release = await row('Museum walk');
    expect(
      release.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Released: your share of Museum walk'),
    ).toBeInTheDocument();
    expect(release.getByRole('link', { name: 'Museum walk' }).getAttribute('href')).toBe('/auction/a4');
    expect(release.getByText('$45.90')).toBeInTheDocument();
    expect(release.queryByText(/service fee/)).toBeNull();

    const waiting = await row('Board games');
    expect(waiting.getByText('Payout to your account')).toBeInTheDocument();
    expect(waiting.getByText('Waiting for your payout account')).toBeInTheDocument();
    expect((await row('Ramen night')).getByText('On its way')).toBeInTheDocument();
    expect((await row('Kayak trip')).getByText('Paid')).toBeInTheDocument();
    expect((await row('Jazz bar')).getByText('Failed, retrying')).toBeInTheDocument();

    const started = await row('Pottery');
    expect(
      started.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Refund for Pottery'),
    ).toBeInTheDocument();
    expect(started.getByText('Refund started')).toBeInTheDocument();
    expect(started.getByText(REFUND_TIMING_TEXT)).toBeInTheDocument();
    // A refund after a host's no-show returns the fee too.
    expect(started.getByText('Includes $5.10 service fee (10%)')).toBeInTheDocument();
    const failed = await row('Bowling');
    expect(failed.getByText('Refund failed, retrying')).toBeInTheDocument();
    expect(failed.getByText(REFUND_TIMING_TEXT)).toBeInTheDocument();
  });

  it('says so when there are no payments yet', async () => {
    serve([]);
    renderHistory();
    expect(await screen.findByText(/No payments yet/)).toBeInTheDocument();
  });

  it("a failed charge shows why, the pay-by deadline and 'Retry payment'; a successful retry updates the row", async () => {
    const failed = record({ status: 'failed', failureMessage: 'Your card was declined.', payBy: inADay });
    const payments = [failed];
    const fetchMock = serve(payments, async () => {
      payments[0] = record({});
      return new Response(JSON.stringify(payments[0]), { status: 200 });
    });
    renderHistory();
    const charge = await row('Latte art class');
    expect(charge.getByText('Payment failed')).toBeInTheDocument();
    expect(charge.getByText('Your card was declined.')).toBeInTheDocument();
    const deadline = charge.getByText(
      (_, element) => element?.tagName === 'TIME' && element.getAttribute('dateTime') === inADay,
    );
    expect(deadline.textContent).toBe(
      new Date(inADay).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    expect(charge.getByText(/the date is offered to the next-highest bidder/)).toBeInTheDocument();

    fireEvent.click(charge.getByRole('button', { name: 'Retry payment' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Payment Successful',
        description: 'Your payment of $51.00 for "Latte art class" went through.',
      }),
    );
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[0]).toBe('/api/payments/c1/retry');
    await waitFor(() => expect(screen.getByText('Paid')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Retry payment' })).toBeNull();
  });

  it('a retry that is declined again, or refused, says Payment Failed with the reason', async () => {
    const failed = record({ status: 'failed', failureMessage: 'Your card was declined.', payBy: inADay });
    let answer = () =>
      new Response(JSON.stringify({ ...failed, failureMessage: 'Your card has insufficient funds.' }), { status: 200 });
    serve([failed], async () => answer());
    renderHistory();
    fireEvent.click((await row('Latte art class')).getByRole('button', { name: 'Retry payment' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Payment Failed',
        description: 'Your card has insufficient funds.',
        variant: 'destructive',
      }),
    );

    answer = () =>
      new Response(JSON.stringify({ message: 'The time to pay has passed.', code: 'conflict' }), { status: 409 });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry payment' }));
    await waitFor(() =>
      expect(toasts.last()).toEqual({
        title: 'Payment Failed',
        description: 'The time to pay has passed.',
        variant: 'destructive',
      }),
    );
  });

  it('offers no retry once the pay-by time has passed', async () => {
    serve([record({ status: 'failed', failureMessage: 'Your card was declined.', payBy: '2020-01-01T00:00:00.000Z' })]);
    renderHistory();
    const charge = await row('Latte art class');
    expect(charge.getByText(/The time to fix this payment has passed/)).toBeInTheDocument();
    expect(charge.queryByRole('button', { name: 'Retry payment' })).toBeNull();
  });

  it('shows a second chance offer with its deadline and accepts it: the card is charged', async () => {
    const fetchMock = serve(
      [record({ status: 'offered', payBy: inADay, fee: '5.10' })],
      async () => new Response(JSON.stringify(record({ status: 'succeeded' })), { status: 200 }),
    );
    renderHistory();
    const offer = await row('Latte art class');
    expect(offer.getByText('Second chance offer')).toBeInTheDocument();
    expect(offer.getByText(/this date is offered to you for your bid of \$51\.00/)).toBeInTheDocument();
    fireEvent.click(offer.getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(toasts.all).toContainEqual(expect.objectContaining({ title: 'Payment Successful' })));
    expect(fetchMock).toHaveBeenCalledWith('/api/payments/c1/accept', expect.objectContaining({ method: 'POST' }));
  });

  it('declines a second chance offer without charging', async () => {
    const fetchMock = serve(
      [record({ status: 'offered', payBy: inADay })],
      async () => new Response(JSON.stringify(record({ status: 'expired' })), { status: 200 }),
    );
    renderHistory();
    fireEvent.click((await row('Latte art class')).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Offer Declined',
        description: 'You will not be charged for "Latte art class".',
      }),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/payments/c1/decline', expect.objectContaining({ method: 'POST' }));
  });

  it('offers no buttons once the offer has expired', async () => {
    serve([record({ status: 'offered', payBy: new Date(Date.now() - 1000).toISOString() })]);
    renderHistory();
    const offer = await row('Latte art class');
    expect(offer.getByText('This offer has expired. You have not been charged.')).toBeInTheDocument();
    expect(offer.queryByRole('button', { name: 'Accept offer' })).toBeNull();
  });
});

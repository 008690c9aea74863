import type { RefundRequestQueueItem } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiUrl } from '@/lib/apiClient';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDeadline } from '@/lib/paymentFormat';
import { createQueryClient } from '@/lib/queryClient';
import { RefundRequestQueue } from './RefundRequestQueue';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();

const request = (overrides: Partial<RefundRequestQueueItem> = {}): RefundRequestQueueItem => ({
  id: 'rr1',
  auctionId: 'a1',
  auctionTitle: 'Coffee by the lake',
  winner: { id: 'w1', firstName: 'Wendy', profileImageUrl: null },
  host: { id: 'h1', firstName: 'Hal', profileImageUrl: null },
  reason: 'The host left after ten minutes.',
  createdAt: '2026-03-05T10:00:00.000Z',
  amount: '100.00',
  fee: '10.00',
  plan: { place: 'Blue Bottle, Main St', startsAt: '2026-03-04T15:00:00.000Z' },
  hostArrivedAt: '2026-03-04T15:02:00.000Z',
  winnerArrivedAt: '2026-03-04T15:05:00.000Z',
  endedAt: '2026-03-04T15:20:00.000Z',
  ruleSettlement: { reason: 'shorter_than_agreed', hostShare: '22.50', refund: '67.50' },
  ...overrides,
});

function serve(requests: RefundRequestQueueItem[], decide?: (body: unknown) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === apiUrl('listRefundRequests', {}) && init?.method === 'GET') {
      return new Response(JSON.stringify({ requests }), { status: 200 });
    }
    if (decide && init?.method === 'POST') return decide(JSON.parse(init.body as string));
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RefundRequestQueue />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const emptyQueue = () => new Response(JSON.stringify({ requests: [] }), { status: 200 });
const row = async () => within(await screen.findByTestId('refund-request-row'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
});

describe('refund request queue (docs/the-date.md)', () => {
  it('shows the request with everything a moderator weighs', async () => {
    serve([request()]);
    const item = await row();
    expect(item.getByRole('link', { name: 'Coffee by the lake' }).getAttribute('href')).toBe('/auction/a1');
    expect(item.getByRole('link', { name: 'Wendy' }).getAttribute('href')).toBe('/users/w1');
    expect(item.getByRole('link', { name: 'Hal' }).getAttribute('href')).toBe('/users/h1');
    expect(item.getByText('“The host left after ten minutes.”')).toBeInTheDocument();
    const text = screen.getByTestId('refund-request-row').textContent;
    expect(text).toContain("$100.00, of which $10.00 service fee (host's share $90.00)");
    expect(text).toContain(`Blue Bottle, Main St, ${formatDeadline('2026-03-04T15:00:00.000Z')}`);
    expect(text).toContain(`Host checked in${formatDeadline('2026-03-04T15:02:00.000Z')}`);
    expect(text).toContain(`Winner checked in${formatDeadline('2026-03-04T15:05:00.000Z')}`);
    expect(text).toContain(`Ended${formatDeadline('2026-03-04T15:20:00.000Z')}`);
    expect(text).toContain('$22.50 to the host, $67.50 back to the winner (shorter than agreed)');
  });

  it('says what is missing when there is no plan, no check-in, no end and so no rule yet', async () => {
    serve([request({ plan: null, hostArrivedAt: null, winnerArrivedAt: null, endedAt: null, ruleSettlement: null })]);
    const text = (await screen.findByTestId('refund-request-row')).textContent;
    expect(text).toContain('No plan agreed');
    expect(text).toContain('Host checked inNever');
    expect(text).toContain('Not ended yet');
    expect(text).toContain('Nothing yet: the date has not ended');
  });

  it('says so when no request is open', async () => {
    serve([]);
    expect(await screen.findByText('No open refund requests.')).toBeInTheDocument();
  });

  it('refunds in full with the note, and shows the queue the answer brings', async () => {
    const fetchMock = serve([request()], emptyQueue);
    const item = await row();
    fireEvent.change(item.getByLabelText('Note with the decision'), { target: { value: 'The host left early.' } });
    fireEvent.click(item.getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByText('No open refund requests.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/moderation/refund-requests/rr1/decide');
    expect(JSON.parse(post[1]!.body as string)).toEqual({ decision: 'full', note: 'The host left early.' });
    expect(toasts.all).toContainEqual({ title: 'Refund Request Decided', description: 'Refunded in full.' });
  });

  it('a part refund needs an amount, then sends it as money', async () => {
    const fetchMock = serve([request()], emptyQueue);
    const item = await row();
    fireEvent.click(item.getByRole('button', { name: 'Refund part' }));
    expect(item.getByText('Enter the amount to refund.')).toBeInTheDocument();
    expect(item.getByLabelText('Amount to refund (for part)').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(item.getByLabelText('Amount to refund (for part)'), { target: { value: '$30' } });
    fireEvent.click(item.getByRole('button', { name: 'Refund part' }));
    await waitFor(() => expect(screen.getByText('No open refund requests.')).toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ decision: 'partial', amount: '30.00', note: '' });
  });

  it("denies, and shows the server's refusal in the item", async () => {
    serve(
      [request()],
      () =>
        new Response(JSON.stringify({ message: 'This request has already been decided.', code: 'conflict' }), {
          status: 409,
        }),
    );
    const item = await row();
    fireEvent.click(item.getByRole('button', { name: 'Deny' }));
    expect((await item.findByRole('alert')).textContent).toBe('This request has already been decided.');
    expect(toasts.all).toEqual([]);
  });
});

import type { AuctionBidView } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { BidHistory } from './BidHistory';
import { WatchButton } from './WatchButton';

const AUCTION = '11111111-1111-4111-8111-111111111111';
const ME = 'me';
const history: AuctionBidView[] = [
  {
    id: 'b3',
    amount: '51.00',
    createdAt: new Date().toISOString(),
    isAutomatic: true,
    bidder: { id: ME, firstName: 'Mia', displayName: 'Mia T.' },
  },
  {
    id: 'b2',
    amount: '50.00',
    createdAt: new Date().toISOString(),
    isAutomatic: false,
    bidder: { id: 'rex', firstName: 'Rex', displayName: 'Rex T.' },
  },
];

const answerHistory = (_url: string, _init?: RequestInit) =>
  Promise.resolve(new Response(JSON.stringify(history), { status: 200 }));
const fetchMock = vi.fn(answerHistory);

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(answerHistory);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

describe('bid history', () => {
  it('names bidders as "Ada L.", labels automatic steps and highlights the viewer’s own bids', async () => {
    wrap(<BidHistory auctionId={AUCTION} bidCount={2} viewerId={ME} isModerator={false} isOpen />);
    const rows = await screen.findAllByTestId('bid-history-row');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/auctions/${AUCTION}/bids`);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('automatic')).toBeInTheDocument();
    expect(rows[0]!.dataset.own).toBe('true');
    expect(within(rows[1]!).getByText('Rex T.')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('automatic')).toBeNull();
    expect(rows[1]!.dataset.own).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Void bid' })).toBeNull();
  });

  it('offers moderators a void control that needs a reason', async () => {
    wrap(<BidHistory auctionId={AUCTION} bidCount={2} viewerId="mod" isModerator isOpen />);
    const [first] = await screen.findAllByRole('button', { name: 'Void bid' });
    fireEvent.click(first!);
    const confirm = screen.getByRole('button', { name: 'Confirm void' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for voiding'), { target: { value: 'Shill bidding' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/moderation/bids/b3/void')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/moderation/bids/b3/void')!;
    expect(JSON.parse(init!.body as string)).toEqual({ reason: 'Shill bidding' });
  });
});

describe('watch button', () => {
  it('watches with PUT and stops with DELETE, pressed while watching', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    wrap(<WatchButton auctionId={AUCTION} isWatched={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Watch this auction' }));
    const pressed = screen.getByRole('button', { name: 'Stop watching this auction' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual([`/api/auctions/${AUCTION}/watch`, 'PUT']);
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { MyAuction } from '../api/listMyAuctions';
import type { MyBid } from '../api/listMyBids';
import { MyAuctionsList } from './MyAuctionsList';
import { MyBidsList } from './MyBidsList';
import { makeMyAuction } from '@/testing/auctions';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();

const inADay = new Date(Date.now() + 24 * 3600_000 + 5 * 60_000).toISOString();
const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();

/** An open coffee auction with three bids, ending tomorrow. */
function auction(overrides: Partial<MyAuction>): MyAuction {
  return makeMyAuction({
    title: 'Coffee at the museum',
    description: 'A slow espresso.',
    currentBid: '42.50',
    endTime: inADay,
    bidCount: 3,
    createdAt: yesterday,
    updatedAt: yesterday,
    ...overrides,
  });
}

const active = auction({});
const cancelled = auction({ id: 'a2', title: 'Dinner downtown', isActive: false, cancelledAt: yesterday, bidCount: 1 });
const ended = auction({ id: 'a3', title: 'Climbing gym', endTime: yesterday, bidCount: 0 });
const sold = auction({ id: 'a4', title: 'Board games', isActive: false, endTime: yesterday, winnerId: 'u9' });

function renderList(auctions: MyAuction[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MyAuctionsList auctions={auctions} />
    </QueryClientProvider>,
  );
}

const row = (title: string) => screen.getByText(title).closest('li')!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
});

describe('My Auctions list (docs/product.md §2 "Profile page")', () => {
  it('shows each auction with its state, bid, count and time left; only active ones can be edited or cancelled', () => {
    renderList([active, cancelled, ended, sold]);
    const open = within(row('Coffee at the museum'));
    expect(open.getByRole('link', { name: 'Coffee at the museum' }).getAttribute('href')).toBe('/auction/a1');
    expect(open.getByText('Active')).toBeInTheDocument();
    expect(open.getByText('$42')).toBeInTheDocument();
    expect(open.getByText('3 bids')).toBeInTheDocument();
    expect(open.getByText('1d 0h')).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    for (const [title, label] of [
      ['Dinner downtown', 'Cancelled'],
      ['Climbing gym', 'Ended'],
      ['Board games', 'Sold'],
    ] as const) {
      const other = within(row(title));
      expect(other.getByText(label)).toBeInTheDocument();
      expect(other.queryByRole('button')).toBeNull();
    }
    expect(within(row('Dinner downtown')).getByText('1 bid')).toBeInTheDocument();
  });

  it("cancels after confirmation: DELETE, then 'Auction Cancelled'", async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(active), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderList([active]);
    fireEvent.click(within(row('Coffee at the museum')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('cannot be undone');
    expect(dialog.textContent).toContain('will be notified');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Auction' }));
    await waitFor(() => expect(toasts.all).toContainEqual(expect.objectContaining({ title: 'Auction Cancelled' })));
    const [url] = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(url).toBe('/api/auctions/a1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Keep Auction' closes the confirmation with no call", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderList([active]);
    fireEvent.click(within(row('Coffee at the museum')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep Auction' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a failed cancel shows 'Cancellation Failed' with the server's message, else the fallback", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'This auction has already been cancelled.', code: 'conflict' }), {
            status: 409,
          }),
      ),
    );
    renderList([active]);
    fireEvent.click(within(row('Coffee at the museum')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Auction' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Cancellation Failed',
        description: 'This auction has already been cancelled.',
        variant: 'destructive',
      }),
    );

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500, statusText: 'Internal Server Error' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Auction' }));
    await waitFor(() =>
      expect(toasts.last()).toEqual({
        title: 'Cancellation Failed',
        description: 'Failed to cancel auction',
        variant: 'destructive',
      }),
    );
  });
});

describe('My Bids list', () => {
  const bid = (overrides: Partial<Omit<MyBid, 'auction'>> & { auction?: Partial<MyBid['auction']> }): MyBid => ({
    id: 'b1',
    auctionId: 'a1',
    amount: '25.00',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
    auction: {
      title: 'Coffee at the museum',
      currentBid: '25.00',
      isActive: true,
      endTime: inADay,
      winnerId: null,
      cancelledAt: null,
      viewerStanding: null,
      dateType: 'coffee',
      coverImageUrl: null,
      creator: { profileImageUrl: null },
      ...overrides.auction,
    },
  });

  it('shows the auction, my amount, the current bid, when, and whether I lead, was outbid or it ended', () => {
    render(
      <MyBidsList
        bids={[
          bid({}),
          bid({ id: 'b2', auctionId: 'a2', auction: { title: 'Dinner downtown', currentBid: '60.00' } }),
          bid({ id: 'b3', auctionId: 'a3', auction: { title: 'Climbing gym', endTime: yesterday } }),
        ]}
      />,
    );
    const leading = within(row('Coffee at the museum'));
    expect(leading.getByRole('link', { name: 'Coffee at the museum' }).getAttribute('href')).toBe('/auction/a1');
    expect(leading.getByText('$25')).toBeInTheDocument();
    expect(leading.getByText('Current bid $25')).toBeInTheDocument();
    expect(leading.getByText('5m')).toBeInTheDocument();
    expect(leading.getByText('Leading')).toBeInTheDocument();
    expect(within(row('Dinner downtown')).getByText('Outbid')).toBeInTheDocument();
    expect(within(row('Dinner downtown')).getByText('Current bid $60')).toBeInTheDocument();
    expect(within(row('Climbing gym')).getByText('Ended')).toBeInTheDocument();
  });

  it('shows each auction with its picture and time left, and a won date with its next step', () => {
    render(
      <MyBidsList
        bids={[
          bid({}),
          bid({
            id: 'b4',
            auctionId: 'a4',
            auction: { title: 'Won picnic', isActive: false, endTime: yesterday, viewerStanding: 'won' },
          }),
        ]}
      />,
    );
    const open = within(row('Coffee at the museum'));
    expect(open.getByTestId('row-picture')).toBeInTheDocument();
    expect(open.getByTestId('my-bid-time-left')).toHaveTextContent(/^Time left (23h \d+m|1d 0h) left$/);
    expect(open.queryByRole('link', { name: 'Your date' })).toBeNull();
    const won = within(row('Won picnic'));
    expect(won.getByText('Won')).toBeInTheDocument();
    expect(won.queryByTestId('my-bid-time-left')).toBeNull();
    expect(won.getByRole('link', { name: 'Your date' }).getAttribute('href')).toBe('/auction/a4');
  });
});

import type { AuctionDetail } from '@bid/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '@/components/ui/use-toast';
import { AUTH_USER_KEY, type CurrentUser } from '@/features/auth/useAuth';
import { createQueryClient } from '@/lib/queryClient';
import { BidDialog, type BiddableAuction } from './BidDialog';

const user: CurrentUser = {
  id: 'u2',
  email: 'bo@example.com',
  firstName: 'Bo',
  lastName: 'Bidder',
  profileImageUrl: null,
  bio: null,
  age: 30,
  location: 'Austin',
  country: 'USA',
  zipCode: '78701',
  interests: [],
  sex: 'male',
  gender: 'male',
  openToDatesWith: ['female'],
  identityVerificationStatus: 'unverified',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

const auction: BiddableAuction = {
  id: 'a1',
  title: 'Latte art class',
  currentBid: '35.00',
  startingBid: '20.00',
  bidCount: 3,
};

function renderDialog(options: { who?: CurrentUser; target?: BiddableAuction } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, options.who ?? user);
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <BidDialog auction={options.target ?? auction} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  const toasts = renderHook(() => useToast());
  return { queryClient, onOpenChange, toasts };
}

const amountInput = () => screen.getByLabelText<HTMLInputElement>('Your bid ($)');
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Plac/ });
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bid dialog (SPEC §2 "Bid dialog", §5 "Bid")', () => {
  it('is titled Place Your Bid and starts at the minimum: current bid + 1, as a whole-dollar step-1 input', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Place Your Bid' })).toBeTruthy();
    expect(amountInput().value).toBe('36');
    expect(amountInput().type).toBe('number');
    expect(amountInput().step).toBe('1');
    expect(amountInput().min).toBe('36');
    expect(submitButton().disabled).toBe(false);
  });

  it('lets the first bid meet the starting bid exactly', () => {
    renderDialog({ target: { ...auction, currentBid: '20.00', bidCount: 0 } });
    expect(amountInput().value).toBe('20');
  });

  it('quick-bid buttons add 5, 10 and 25 to the minimum', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: /\+\$5\)?$/ }));
    expect(amountInput().value).toBe('41');
    fireEvent.click(screen.getByRole('button', { name: /\+\$10\)?$/ }));
    expect(amountInput().value).toBe('46');
    fireEvent.click(screen.getByRole('button', { name: /\+\$25\)?$/ }));
    expect(amountInput().value).toBe('61');
  });

  it('disables submit when empty or below the minimum, and says the minimum', () => {
    renderDialog();
    typeAmount('35');
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('Bid must be at least 36')).toBeTruthy();
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');

    typeAmount('');
    expect(submitButton().disabled).toBe(true);
    expect(screen.queryByText('Bid must be at least 36')).toBeNull();

    typeAmount('36');
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByText('Bid must be at least 36')).toBeNull();
  });

  it('states the card is charged only on a win, with a link to the Terms', () => {
    renderDialog();
    expect(screen.getByText(/only be charged if you win/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });

  it('with an incomplete profile shows the spec toast and sends nothing', () => {
    const fetchMock = stubFetch(async () => new Response('{}', { status: 201 }));
    const { toasts } = renderDialog({ who: { ...user, openToDatesWith: [] } });
    fireEvent.click(submitButton());
    expect(toasts.result.current.toasts[0]).toMatchObject({
      title: 'Complete Your Profile',
      description:
        'Please complete all mandatory profile fields (name, age, gender, location, and dating preferences) before placing a bid.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the amount as a decimal string, toasts success and updates the cached auction', async () => {
    const fetchMock = stubFetch(
      async () =>
        new Response(
          JSON.stringify({
            bid: { id: 'b9', auctionId: 'a1', amount: '41.00', createdAt: new Date().toISOString() },
            auction: { id: 'a1', currentBid: '41.00', bidCount: 4, endTime: '2030-01-01T00:00:00.000Z' },
          }),
          { status: 201 },
        ),
    );
    const { queryClient, onOpenChange, toasts } = renderDialog();
    seedDetail(queryClient);
    fireEvent.click(screen.getByRole('button', { name: /\+\$5\)?$/ }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/bids')!;
    expect(url).toBe('/api/bids');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ auctionId: 'a1', amount: '41.00' });
    expect(toasts.result.current.toasts[0]).toMatchObject({
      title: 'Bid Placed Successfully!',
      description: 'Your bid of $41 has been placed',
    });
    expect(queryClient.getQueryData<AuctionDetail>(['/api/auctions', 'a1'])).toMatchObject({
      currentBid: '41.00',
      bidCount: 4,
    });
  });

  it('disables submit while the bid is on its way', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderDialog();
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Placing Bid...'));
    expect(submitButton().disabled).toBe(true);
  });

  it("shows the server's refusal in a 'Bid Failed' toast, or the spec's fallback", async () => {
    stubFetch(async () => new Response(JSON.stringify({ message: 'Bid must be at least 37' }), { status: 400 }));
    const { toasts, onOpenChange } = renderDialog();
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: 'Bid Failed',
        description: 'Bid must be at least 37',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();

    stubFetch(async () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    act(() => {
      fireEvent.click(submitButton());
    });
    await waitFor(() =>
      expect(toasts.result.current.toasts[0]).toMatchObject({
        title: 'Bid Failed',
        description: 'Failed to place bid. Please try again.',
      }),
    );
  });
});

function seedDetail(queryClient: QueryClient) {
  queryClient.setQueryData(['/api/auctions', 'a1'], { id: 'a1', currentBid: '35.00', bidCount: 3, bids: [] });
}

import { type AuctionDetail, PAYMENT_METHOD_REQUIRED, type PaymentMethod } from '@bid/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetchForEachTest } from '@/testing/fetch';
import { recordToasts } from '@/testing/toasts';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { createQueryClient } from '@/lib/queryClient';
import { BidDialog, type BiddableAuction } from './BidDialog';

const user: CurrentUser = {
  id: 'u2',
  email: 'bo@example.com',
  firstName: 'Bo',
  lastName: 'Bidder',
  profileImageUrl: null,
  bio: null,
  bioReview: null,
  age: 30,
  location: 'Austin',
  country: 'USA',
  zipCode: '78701',
  interests: [],
  sex: 'male',
  gender: 'male',
  openToDatesWith: ['female'],
  identityVerificationStatus: 'unverified',
  role: 'member',
  onboarding: { photo: 'done', card: 'done', notifications: 'done' },
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

function renderDialog(options: { who?: CurrentUser; target?: BiddableAuction; leading?: boolean } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, options.who ?? user);
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <BidDialog
        auction={options.target ?? auction}
        open
        onOpenChange={onOpenChange}
        leading={options.leading ?? false}
      />
    </QueryClientProvider>,
  );
  const toasts = recordToasts();
  return { queryClient, onOpenChange, toasts };
}

const amountInput = () => screen.getByLabelText<HTMLInputElement>('Your bid ($)');
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Plac/ });
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });

const visa: PaymentMethod = {
  id: 'pm_1',
  type: 'card',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
};

/** The network boundary: GET /api/stripe/payment-methods answers `paymentMethods`; every other call `respond`. */
let paymentMethods: () => Promise<Response>;
let respond: () => Promise<Response>;
const fetchMock = vi.fn((url: string, _init?: RequestInit) =>
  url === '/api/stripe/payment-methods' ? paymentMethods() : respond(),
);
const savedMethods = (methods: PaymentMethod[]) => async () =>
  new Response(JSON.stringify({ paymentMethods: methods }), { status: 200 });

function stubFetch(answer: () => Promise<Response>) {
  respond = answer;
  return fetchMock;
}

const bidCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/bids');

beforeEach(() => {
  paymentMethods = savedMethods([visa]);
  respond = () => new Promise<Response>(() => {});
});
stubFetchForEachTest(fetchMock);

afterEach(() => {
  cleanup();
});

describe('bid dialog (docs/product.md §2 "Bid dialog", §5 "Bid")', () => {
  it('is titled Place Your Bid and starts at the minimum: current bid + 1, as a whole-dollar step-1 input', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Place Your Bid' })).toBeInTheDocument();
    expect(amountInput().value).toBe('36');
    expect(amountInput().type).toBe('number');
    expect(amountInput().step).toBe('1');
    expect(amountInput().min).toBe('36');
    expect(submitButton().disabled).toBe(false);
  });

  it('for the leader, offers to raise their maximum: the price stays (docs/auctions.md)', async () => {
    stubFetch(
      async () =>
        new Response(
          JSON.stringify({
            bid: { id: 'b1', auctionId: 'a1', amount: '35.00', createdAt: '2030-01-01T00:00:00.000Z' },
            outbidByAutomaticBid: false,
            maxAmount: null,
            auction: { id: 'a1', currentBid: '35.00', bidCount: 3, endTime: '2030-01-01T00:00:00.000Z' },
          }),
          { status: 201 },
        ),
    );
    const { onOpenChange, toasts } = renderDialog({ leading: true });
    expect(screen.getByRole('dialog', { name: 'Raise your maximum' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Bid' })).toBeNull();
    typeAmount('80');
    fireEvent.click(screen.getByRole('button', { name: 'Raise your maximum' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toasts.last()).toMatchObject({
      title: 'Maximum raised',
      description: "You're still winning. We'll bid for you up to $80.",
    });
  });

  it('lets the first bid meet the starting bid exactly', () => {
    renderDialog({ target: { ...auction, currentBid: '20.00', bidCount: 0 } });
    expect(amountInput().value).toBe('20');
  });

  it('quick-bid buttons add 5, 10 and 25 to the minimum', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: /^\+\$5:/ }));
    expect(amountInput().value).toBe('41');
    fireEvent.click(screen.getByRole('button', { name: /^\+\$10:/ }));
    expect(amountInput().value).toBe('46');
    fireEvent.click(screen.getByRole('button', { name: /^\+\$25:/ }));
    expect(amountInput().value).toBe('61');
  });

  it('disables submit when empty or below the minimum, and says the minimum', () => {
    renderDialog();
    typeAmount('35');
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('Bid must be at least 36')).toBeInTheDocument();
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
    expect(screen.getByText(/only be charged if you win/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });

  it('with an incomplete profile shows the spec toast and sends nothing', () => {
    stubFetch(async () => new Response('{}', { status: 201 }));
    const { toasts } = renderDialog({ who: { ...user, openToDatesWith: [] } });
    fireEvent.click(submitButton());
    expect(toasts.last()).toMatchObject({
      title: 'Complete Your Profile',
      description:
        'Please complete all mandatory profile fields (name, age, gender, location, and dating preferences) before placing a bid.',
    });
    expect(bidCalls()).toEqual([]);
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
    fireEvent.click(screen.getByRole('button', { name: /^\+\$5:/ }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/bids')!;
    expect(url).toBe('/api/bids');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ auctionId: 'a1', amount: '41.00' });
    expect(toasts.last()).toMatchObject({
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
    stubFetch(
      async () =>
        new Response(JSON.stringify({ message: 'Bid must be at least 37', code: 'bid_too_low' }), { status: 400 }),
    );
    const { toasts, onOpenChange } = renderDialog();
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
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
      expect(toasts.last()).toMatchObject({
        title: 'Bid Failed',
        description: 'Failed to place bid. Please try again.',
      }),
    );
  });

  it('with a saved card shows no card notice and lets the bid go', async () => {
    renderDialog();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/stripe/payment-methods', expect.anything()));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByText(PAYMENT_METHOD_REQUIRED, { exact: false })).toBeNull();
  });

  it('without a saved card says one is needed, links to the Payment Methods tab and disables the bid', async () => {
    paymentMethods = savedMethods([]);
    renderDialog();
    await screen.findByText(PAYMENT_METHOD_REQUIRED, { exact: false });
    expect(screen.getByRole('link', { name: 'Add a payment method' }).getAttribute('href')).toBe(
      '/profile?tab=payments',
    );
    expect(submitButton().disabled).toBe(true);
    // The spec's note stays: the card is only charged on a win.
    expect(screen.getByText(/only be charged if you win/)).toBeInTheDocument();
    fireEvent.submit(screen.getByRole('form', { name: 'Place your bid' }));
    expect(bidCalls()).toEqual([]);
  });

  it('reads the payment methods again each time it opens, so a card saved since counts', async () => {
    paymentMethods = savedMethods([visa]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(AUTH_USER_KEY, user);
    queryClient.setQueryData(['/api/stripe/payment-methods'], { paymentMethods: [] });
    render(
      <QueryClientProvider client={queryClient}>
        <BidDialog auction={auction} open onOpenChange={() => {}} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByText(PAYMENT_METHOD_REQUIRED, { exact: false })).toBeNull();
  });

  it('does not block the bid when the payment methods cannot be read (the server still decides)', async () => {
    paymentMethods = async () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    renderDialog();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/stripe/payment-methods', expect.anything()));
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByText(PAYMENT_METHOD_REQUIRED, { exact: false })).toBeNull();
  });

  it("shows the server's payment_method_required refusal in the 'Bid Failed' toast", async () => {
    stubFetch(
      async () =>
        new Response(JSON.stringify({ message: PAYMENT_METHOD_REQUIRED, code: 'payment_method_required' }), {
          status: 400,
        }),
    );
    const { toasts, onOpenChange } = renderDialog();
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Bid Failed',
        description: PAYMENT_METHOD_REQUIRED,
        variant: 'destructive',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

function seedDetail(queryClient: QueryClient) {
  queryClient.setQueryData(['/api/auctions', 'a1'], { id: 'a1', currentBid: '35.00', bidCount: 3, bids: [] });
}

import { PAYMENT_METHOD_REQUIRED, type PaymentMethod } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { AUTH_USER_KEY, type CurrentUser } from '@/lib/useAuth';
import { createQueryClient } from '@/lib/queryClient';
import { BuyNowDialog } from './BuyNowDialog';

const user = {
  id: 'u2',
  email: 'bo@example.com',
  firstName: 'Bo',
  lastName: 'Bidder',
  age: 30,
  location: 'Austin',
  sex: 'male',
  gender: 'male',
  openToDatesWith: ['female'],
} as CurrentUser;

const visa: PaymentMethod = {
  id: 'pm_1',
  type: 'card',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
};

function stubNetwork(methods: PaymentMethod[], buyNow: () => Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/stripe/payment-methods'
      ? new Response(JSON.stringify({ paymentMethods: methods }), { status: 200 })
      : buyNow(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(AUTH_USER_KEY, user);
  render(
    <QueryClientProvider client={queryClient}>
      <BuyNowDialog
        auction={{ id: 'a1', title: 'Latte art class', buyNowPrice: '80.00' }}
        open
        onOpenChange={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return recordToasts();
}

const confirmButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('buy-now dialog and the card on file', () => {
  it('without a saved card says one is needed, links to the Payment Methods tab and disables Confirm', async () => {
    const fetchMock = stubNetwork([], async () => new Response('{}', { status: 200 }));
    renderDialog();
    await screen.findByText(PAYMENT_METHOD_REQUIRED, { exact: false });
    expect(screen.getByRole('link', { name: 'Add a payment method' }).getAttribute('href')).toBe(
      '/profile?tab=payments',
    );
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(confirmButton());
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/buy-now'))).toEqual([]);
  });

  it("with a saved card confirms; a payment_method_required refusal shows the server's message", async () => {
    const fetchMock = stubNetwork(
      [visa],
      async () =>
        new Response(JSON.stringify({ message: PAYMENT_METHOD_REQUIRED, code: 'payment_method_required' }), {
          status: 400,
        }),
    );
    const toasts = renderDialog();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/stripe/payment-methods', expect.anything()));
    expect(screen.queryByText(PAYMENT_METHOD_REQUIRED, { exact: false })).toBeNull();
    fireEvent.click(confirmButton());
    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Buy Now Failed',
        description: PAYMENT_METHOD_REQUIRED,
      }),
    );
    const [url, init] = fetchMock.mock.calls.find(([u]) => u.endsWith('/buy-now'))!;
    expect(url).toBe('/api/auctions/a1/buy-now');
    expect(init?.method).toBe('POST');
  });
});

import type { PaymentMethod } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '@/lib/config';
import { createQueryClient } from '@/lib/queryClient';
import { redirectTo } from '../redirect';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import { stubFetchForEachTest } from '@/testing/fetch';
import { recordToasts } from '@/testing/toasts';

vi.mock('../redirect', () => ({ redirectTo: vi.fn() }));
const toasts = recordToasts();
const redirectMock = vi.mocked(redirectTo);

const visa: PaymentMethod = {
  id: 'pm_visa',
  type: 'card',
  card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
};
const bank: PaymentMethod = {
  id: 'pm_bank',
  type: 'us_bank_account',
  us_bank_account: {
    bank_name: 'STRIPE TEST BANK',
    last4: '6789',
    account_type: 'checking',
    account_holder_type: 'individual',
  },
};

const SECRET = 'seti_123_secret_abc';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The server, at the network boundary: a saved-methods list the calls below change. */
let saved: PaymentMethod[];
let routes: Record<string, (init?: RequestInit) => Promise<Response>>;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const route = routes[`${init?.method ?? 'GET'} ${url}`];
  if (!route) throw new Error(`Unexpected call ${init?.method ?? 'GET'} ${url}`);
  return route(init);
});
const callsTo = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

beforeEach(() => {
  saved = [];
  routes = {
    'GET /api/stripe/payment-methods': async () => json({ paymentMethods: saved }),
    'POST /api/stripe/setup-intent': async () => json({ clientSecret: SECRET }),
  };
  publicConfig.payments = { provider: 'sandbox' };
});
stubFetchForEachTest(fetchMock);

afterEach(() => {
  cleanup();
  toasts.clear();
  redirectMock.mockClear();
});

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PaymentMethodsTab />
    </QueryClientProvider>,
  );
}

async function openCardForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
  return screen.findByRole('form', { name: 'Add a card' });
}

function fillCard(form: HTMLElement, card: { number: string; expiry?: string; cvc?: string }) {
  fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: card.number } });
  fireEvent.change(within(form).getByLabelText('Expiry (MM / YY)'), { target: { value: card.expiry ?? '12 / 34' } });
  fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: card.cvc ?? '123' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save Card' }));
}

describe('Payment Methods tab: the list (docs/product.md §2, §3)', () => {
  it('shows a card by brand, last four and expiry, and a bank account by bank, type and last four', async () => {
    saved = [visa, bank];
    renderTab();
    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    const rows = within(list).getAllByTestId('payment-method');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Expires 04/31')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('STRIPE TEST BANK Checking •••• 6789')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('US bank account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Visa •••• 4242' })).toBeInTheDocument();
  });

  it('says so when nothing is saved yet', async () => {
    renderTab();
    expect(await screen.findByText(/No payment methods saved yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Saved payment methods' })).toBeNull();
  });
});

describe('Payment Methods tab: removing', () => {
  it("asks first, then DELETEs, reloads the list and says 'Payment Method Removed'", async () => {
    saved = [visa];
    routes['DELETE /api/stripe/payment-methods/pm_visa'] = async () => {
      saved = [];
      return new Response(null, { status: 204 });
    };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove payment method?' });
    expect(dialog.textContent).toContain('Visa •••• 4242 will be removed');
    expect(callsTo('DELETE', '/api/stripe/payment-methods/pm_visa')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual(expect.objectContaining({ title: 'Payment Method Removed' })),
    );
    expect(callsTo('DELETE', '/api/stripe/payment-methods/pm_visa')).toHaveLength(1);
    // The list was read again before the toast.
    expect(callsTo('GET', '/api/stripe/payment-methods')).toHaveLength(2);
    expect(screen.getByText(/No payment methods saved yet/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Keep It' closes the confirmation with no call", async () => {
    saved = [visa];
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep It' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('DELETE', '/api/stripe/payment-methods/pm_visa')).toHaveLength(0);
  });

  it("a failed removal says 'Removal Failed' / 'Failed to remove payment method' and keeps the method", async () => {
    saved = [visa];
    routes['DELETE /api/stripe/payment-methods/pm_visa'] = async () =>
      new Response('', { status: 500, statusText: 'Internal Server Error' });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Removal Failed',
        description: 'Failed to remove payment method',
        variant: 'destructive',
      }),
    );
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
  });
});

describe('Payment Methods tab: adding with the sandbox card form (docs/product.md §4 "Payment method add")', () => {
  it("asks for a setup secret, confirms the card, reloads the list, then says 'Payment Method Added' and closes", async () => {
    routes['POST /api/payments/sandbox/confirm-setup'] = async () => {
      saved = [visa];
      return json({ status: 'succeeded', paymentMethodId: 'pm_visa' });
    };
    renderTab();
    const form = await openCardForm();
    expect(callsTo('POST', '/api/stripe/setup-intent')).toHaveLength(1);
    expect(form.textContent).toContain('Test mode');
    fillCard(form, { number: '4242424242424242', expiry: '1234', cvc: '123' });

    await waitFor(() => expect(toasts.all).toContainEqual(expect.objectContaining({ title: 'Payment Method Added' })));
    const [, init] = callsTo('POST', '/api/payments/sandbox/confirm-setup')[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({
      clientSecret: SECRET,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
  });

  it("a declined card shows 'Payment Method Failed' with the provider's message and keeps the form open", async () => {
    routes['POST /api/payments/sandbox/confirm-setup'] = async () =>
      json({ message: 'Your card was declined.', code: 'card_declined' }, 402);
    renderTab();
    const form = await openCardForm();
    fillCard(form, { number: '4000 0000 0000 0002' });
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Payment Method Failed',
        description: 'Your card was declined.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('form', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save Card' }).disabled).toBe(false);
    expect(callsTo('GET', '/api/stripe/payment-methods')).toHaveLength(1);
  });

  it('a refusal without a message falls back to the spec text; an unexpected failure says Error', async () => {
    routes['POST /api/payments/sandbox/confirm-setup'] = async () => new Response('', { status: 400 });
    renderTab();
    const form = await openCardForm();
    fillCard(form, { number: '4242 4242 4242 4242' });
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Payment Method Failed',
        description: 'Stripe is not properly configured. Please check your domain settings in Stripe dashboard.',
        variant: 'destructive',
      }),
    );

    routes['POST /api/payments/sandbox/confirm-setup'] = async () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Save Card' }));
    await waitFor(() =>
      expect(toasts.last()).toEqual({
        title: 'Error',
        description: 'Failed to add payment method',
        variant: 'destructive',
      }),
    );
  });

  it('a card that needs authentication sends the browser to the authentication page', async () => {
    const redirectUrl = `/payments/sandbox/authenticate?client_secret=${SECRET}`;
    routes['POST /api/payments/sandbox/confirm-setup'] = async () => json({ status: 'requires_action', redirectUrl });
    renderTab();
    const form = await openCardForm();
    fillCard(form, { number: '4000 0025 0000 3155' });
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith(redirectUrl));
    expect(toasts.all).toEqual([]);
  });

  it('never follows an authentication address on another site', async () => {
    routes['POST /api/payments/sandbox/confirm-setup'] = async () =>
      json({ status: 'requires_action', redirectUrl: 'https://evil.example/steal' });
    renderTab();
    fillCard(await openCardForm(), { number: '4000 0025 0000 3155' });
    await waitFor(() => expect(toasts.all).toContainEqual(expect.objectContaining({ title: 'Error' })));
    expect(redirectMock).not.toHaveBeenCalled();
  });

  it("a failed setup-intent call says 'Setup Failed' / 'Failed to setup payment method' and shows no form", async () => {
    routes['POST /api/stripe/setup-intent'] = async () =>
      new Response('', { status: 503, statusText: 'Service Unavailable' });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Setup Failed',
        description: 'Failed to setup payment method',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Payment Method' })).toBeInTheDocument();
  });

  it('Cancel closes the form without a call', async () => {
    renderTab();
    const form = await openCardForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull();
    expect(callsTo('POST', '/api/payments/sandbox/confirm-setup')).toHaveLength(0);
  });
});

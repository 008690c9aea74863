import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import PayoutSandboxOnboardingPage from './PayoutSandboxOnboardingPage';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();

const enabled = { status: 'enabled', provider: 'sandbox', held: '0.00', releasedUnpaid: '45.90', paidOut: '0.00' };

function renderPage(answer: () => Promise<Response>) {
  window.history.replaceState(null, '', '/payouts/sandbox-onboarding');
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayoutSandboxOnboardingPage />
    </QueryClientProvider>,
  );
  return fetchMock;
}

function fillIn(values: { name?: string; routing?: string; account?: string }) {
  if (values.name !== undefined) {
    fireEvent.change(screen.getByLabelText('Account holder name'), { target: { value: values.name } });
  }
  if (values.routing !== undefined) {
    fireEvent.change(screen.getByLabelText('Routing number'), { target: { value: values.routing } });
  }
  if (values.account !== undefined) {
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: values.account } });
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
  window.history.replaceState(null, '', '/');
});

describe('sandbox payout onboarding page', () => {
  it("says it stands in for Stripe's hosted onboarding and gives the test numbers as hints", () => {
    renderPage(async () => new Response(JSON.stringify(enabled), { status: 200 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Set up payouts (sandbox)' })).toBeInTheDocument();
    expect(screen.getByText(/stands in for Stripe's hosted onboarding/)).toBeInTheDocument();
    expect(screen.getByLabelText('Routing number')).toHaveAttribute('aria-describedby');
    expect(screen.getByText('Use the test routing number 110000000.')).toBeInTheDocument();
    expect(screen.getByText('Use the test account number 000123456789.')).toBeInTheDocument();
  });

  it('connects the account, returns to the payments tab and says so', async () => {
    const fetchMock = renderPage(async () => new Response(JSON.stringify(enabled), { status: 200 }));
    fillIn({ name: ' Hal Host ', routing: '110000000', account: '000123456789' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect payout account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(window.location.search).toBe('?tab=payments');
    expect(toasts.all).toContainEqual({ title: 'Payout account connected' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/payouts/sandbox/complete');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      accountHolderName: 'Hal Host',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
  });

  it('asks for every field before sending', () => {
    const fetchMock = renderPage(async () => new Response(JSON.stringify(enabled), { status: 200 }));
    fillIn({ name: 'Hal Host' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect payout account' }));
    expect(screen.getByText('Enter the routing number.')).toBeInTheDocument();
    expect(screen.getByText('Enter the account number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Routing number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's validation error inline and stays", async () => {
    renderPage(
      async () =>
        new Response(
          JSON.stringify({
            message: 'Use the test routing number 110000000.',
            code: 'validation',
            field: 'routingNumber',
          }),
          { status: 400 },
        ),
    );
    fillIn({ name: 'Hal Host', routing: '123', account: '000123456789' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect payout account' }));
    await waitFor(() => expect(screen.getByLabelText('Routing number').getAttribute('aria-invalid')).toBe('true'));
    expect(window.location.pathname).toBe('/payouts/sandbox-onboarding');
  });

  it('shows a server refusal without a field as an alert', async () => {
    renderPage(
      async () =>
        new Response(JSON.stringify({ message: 'The account number is not valid.', code: 'validation' }), {
          status: 400,
        }),
    );
    fillIn({ name: 'Hal Host', routing: '110000000', account: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect payout account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The account number is not valid.');
    expect(window.location.pathname).toBe('/payouts/sandbox-onboarding');
    expect(toasts.all).toEqual([]);
  });
});

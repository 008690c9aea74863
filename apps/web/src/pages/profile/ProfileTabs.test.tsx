import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '@/lib/apiClient';
import { publicConfig } from '@/lib/config';
import { createQueryClient } from '@/lib/queryClient';
import { ProfileTabs } from './ProfileTabs';
import { stubFetchForEachTest } from '@/testing/fetch';
import { recordToasts } from '@/testing/toasts';

const toasts = recordToasts();

const visa = { id: 'pm_1', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 } };
const answers: Record<string, unknown> = {
  [apiUrl('listMyAuctions', {})]: [],
  [apiUrl('listMyBids', {})]: [],
  [apiUrl('listPaymentMethods', {})]: { paymentMethods: [visa] },
  [apiUrl('listPayments', {})]: { payments: [] },
};
const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(answers[url]), { status: 200 }));

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <ProfileTabs />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

beforeEach(() => {
  publicConfig.payments = { provider: 'sandbox' };
});
stubFetchForEachTest(fetchMock);

afterEach(() => {
  cleanup();
  toasts.clear();
  window.history.replaceState(null, '', '/');
});

describe('profile tabs follow ?tab=', () => {
  it('opens My Auctions by default, and the tab the address names', () => {
    renderAt('/profile');
    expect(selectedTab()).toBe('My Auctions');
    cleanup();
    renderAt('/profile?tab=bids');
    expect(selectedTab()).toBe('My Bids');
    cleanup();
    renderAt('/profile?tab=payments');
    expect(selectedTab()).toBe('Payment Methods');
    expect(screen.getByRole('heading', { name: 'Payment Methods' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeInTheDocument();
  });

  it('puts the chosen tab in the address, and drops it for the default', () => {
    renderAt('/profile');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Payment Methods' }));
    expect(window.location.search).toBe('?tab=payments');
    expect(selectedTab()).toBe('Payment Methods');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'My Auctions' }));
    expect(window.location.search).toBe('');
    expect(selectedTab()).toBe('My Auctions');
  });
});

describe('return from a payment-method setup (docs/product.md §2: /profile is the return address)', () => {
  it("opens Payment Methods, reloads the list, says 'Payment Method Added' once and clears the parameters", async () => {
    renderAt(
      '/profile?tab=payments&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=succeeded',
    );
    expect(selectedTab()).toBe('Payment Methods');
    await waitFor(() => expect(toasts.all).toContainEqual(expect.objectContaining({ title: 'Payment Method Added' })));
    expect(window.location.pathname).toBe('/profile');
    expect(window.location.search).toBe('?tab=payments');
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(toasts.all).toHaveLength(1);
  });

  it("says 'Payment Method Failed' when the authentication failed", async () => {
    renderAt('/profile?setup_intent=seti_1&redirect_status=failed');
    expect(selectedTab()).toBe('Payment Methods');
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Payment Method Failed',
        description:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        variant: 'destructive',
      }),
    );
    expect(window.location.search).toBe('?tab=payments');
    expect(toasts.all).toHaveLength(1);
  });
});

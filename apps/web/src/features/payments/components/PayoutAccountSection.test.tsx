import type { PayoutAccount } from '@bid/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiUrl } from '@/lib/apiClient';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { redirectTo } from '../redirect';
import { PayoutAccountSection } from './PayoutAccountSection';

vi.mock('../redirect', () => ({ redirectTo: vi.fn() }));
const redirectMock = vi.mocked(redirectTo);

function account(overrides: Partial<PayoutAccount>): PayoutAccount {
  return { status: 'none', provider: 'sandbox', held: '0.00', releasedUnpaid: '0.00', paidOut: '0.00', ...overrides };
}

function serve(payout: PayoutAccount, onboardingUrl = '/payouts/sandbox-onboarding') {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === apiUrl('getPayoutAccount', {}) && init?.method === 'GET')
      return new Response(JSON.stringify(payout), { status: 200 });
    if (url === apiUrl('getPayoutAccount', {}) && init?.method === 'POST') {
      return new Response(JSON.stringify({ url: onboardingUrl }), { status: 200 });
    }
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayoutAccountSection />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  redirectMock.mockClear();
});

describe('payout account section', () => {
  it('without an account asks to connect one, and "Set up payouts" opens the onboarding page', async () => {
    const fetchMock = serve(account({ status: 'none' }));
    expect(
      await screen.findByText('Connect a payout account to receive your share of dates you host.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith('/payouts/sandbox-onboarding'));
    expect(fetchMock).toHaveBeenCalledWith(
      apiUrl('startPayoutOnboarding', {}),
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('during onboarding asks to finish it, with the same button', async () => {
    serve(account({ status: 'onboarding', provider: 'stripe' }), 'https://connect.stripe.com/setup/e/acct_1');
    expect(await screen.findByText('Finish setting up payouts')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(redirectMock).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1'));
  });

  it('once enabled says payouts are on and shows the three balances, without a button or warning', async () => {
    serve(account({ status: 'enabled', held: '45.90', releasedUnpaid: '1234.50', paidOut: '90' }));
    expect(await screen.findByText('Payouts are on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up payouts' })).toBeNull();
    const balance = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(balance('Held until your dates happen')).toBe('$45.90');
    expect(balance('Released, waiting for payout')).toBe('$1,234.50');
    expect(balance('Paid out')).toBe('$90.00');
    expect(screen.queryByTestId('payout-waiting-warning')).toBeNull();
  });

  it('warns when released money waits for an account', async () => {
    serve(account({ status: 'none', releasedUnpaid: '45.90' }));
    expect((await screen.findByTestId('payout-waiting-warning')).textContent).toBe(
      'You have $45.90 waiting. Connect a payout account to receive it.',
    );
  });

  it('says nothing is waiting when nothing is', async () => {
    serve(account({ status: 'onboarding', releasedUnpaid: '0.00' }));
    await screen.findByText('Finish setting up payouts');
    expect(screen.queryByTestId('payout-waiting-warning')).toBeNull();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import SandboxAuthenticatePage from './SandboxAuthenticatePage';

function renderAt(address: string, answer: () => Promise<Response>) {
  window.history.replaceState(null, '', address);
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SandboxAuthenticatePage />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const ok = async () => new Response(JSON.stringify({ status: 'succeeded' }), { status: 200 });

describe('sandbox authentication page', () => {
  it('is clearly the sandbox test page', () => {
    renderAt('/payments/sandbox/authenticate?client_secret=seti_123_secret_abc', ok);
    expect(screen.getByRole('heading', { level: 1, name: 'Test authentication page' })).toBeInTheDocument();
    expect(screen.getByText(/belongs to the payment sandbox/)).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
  });

  it('Complete authentication records it and returns to the Payment Methods tab', async () => {
    const fetchMock = renderAt('/payments/sandbox/authenticate?client_secret=seti_123_secret_abc', ok);
    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(window.location.search).toBe('?tab=payments&setup_intent=seti_123&redirect_status=succeeded');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/payments/sandbox/authenticate-setup');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ clientSecret: 'seti_123_secret_abc', outcome: 'complete' });
  });

  it("Fail authentication records it (Stripe's 402 card error) and returns with redirect_status=failed", async () => {
    const fetchMock = renderAt(
      '/payments/sandbox/authenticate?client_secret=seti_123_secret_abc',
      async () =>
        new Response(
          JSON.stringify({
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            code: 'setup_intent_authentication_failure',
          }),
          { status: 402 },
        ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fail authentication' }));
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(window.location.search).toBe('?tab=payments&setup_intent=seti_123&redirect_status=failed');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({
      clientSecret: 'seti_123_secret_abc',
      outcome: 'fail',
    });
  });

  it("shows the server's refusal and stays", async () => {
    renderAt(
      '/payments/sandbox/authenticate?client_secret=seti_123_secret_abc',
      async () =>
        new Response(
          JSON.stringify({ message: 'This card setup is not waiting for authentication.', code: 'conflict' }),
          {
            status: 400,
          },
        ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This card setup is not waiting for authentication.');
    expect(window.location.pathname).toBe('/payments/sandbox/authenticate');
  });

  it('without a client secret offers the way back and no buttons', () => {
    renderAt('/payments/sandbox/authenticate', ok);
    expect(screen.queryByRole('button', { name: 'Complete authentication' })).toBeNull();
    expect(screen.getByRole('link', { name: 'payment methods' }).getAttribute('href')).toBe('/profile?tab=payments');
  });
});

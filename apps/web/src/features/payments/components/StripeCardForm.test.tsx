import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '@/lib/config';
import { createQueryClient } from '@/lib/queryClient';
import { PaymentMethodsTab } from './PaymentMethodsTab';
import StripeCardForm from './StripeCardForm';
import { recordToasts } from '@/testing/toasts';

// Stripe.js needs Stripe's servers, so the tests stand in for it at the module boundary.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmSetup: vi.fn(),
  elementFails: false,
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: function PaymentElement({
    onReady,
    onLoadError,
  }: {
    onReady: () => void;
    onLoadError: (event: unknown) => void;
  }) {
    useEffect(() => {
      if (stripe.elementFails) onLoadError({ elementType: 'payment', error: { type: 'invalid_request_error' } });
      else onReady();
    }, [onReady, onLoadError]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmSetup: stripe.confirmSetup }),
  useElements: () => ({ kind: 'elements' }),
}));
const toasts = recordToasts();

const configError = {
  title: 'Stripe Configuration Error',
  description: 'Stripe is not properly configured. Please check your domain settings in Stripe dashboard.',
  variant: 'destructive',
};

let keyCount = 0;
function renderForm() {
  stripe.loadStripe.mockResolvedValue({ id: 'stripe' });
  const props = {
    // A fresh key per test: the loaded Stripe.js is kept per key for the whole tab.
    publishableKey: `pk_test_${(keyCount += 1)}`,
    clientSecret: 'seti_9_secret_z',
    onSucceeded: vi.fn(),
    onCancel: vi.fn(),
    onConfigError: vi.fn(),
  };
  render(<StripeCardForm {...props} />);
  return props;
}

/** The button, once the Payment Element is ready (it is disabled until then). */
async function saveButton() {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Save Payment Method' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toasts.clear();
  stripe.loadStripe.mockReset();
  stripe.confirmSetup.mockReset();
  stripe.elementFails = false;
  publicConfig.payments = { provider: 'sandbox' };
});

describe('Stripe Elements form', () => {
  it('confirms the setup with the profile as return address, redirecting only if required, then reports success', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { status: 'succeeded' } });
    const props = renderForm();
    expect(screen.getByRole('status').textContent).toContain('Loading the secure payment form');
    fireEvent.click(await saveButton());
    await waitFor(() => expect(props.onSucceeded).toHaveBeenCalled());
    expect(stripe.loadStripe).toHaveBeenCalledWith(props.publishableKey);
    expect(screen.getByTestId('elements').dataset.clientSecret).toBe('seti_9_secret_z');
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements: { kind: 'elements' },
      confirmParams: { return_url: `${window.location.origin}/profile?tab=payments` },
      redirect: 'if_required',
    });
    expect(toasts.all).toEqual([]);
  });

  it("a declined card says 'Payment Method Failed' with Stripe's message; field problems are left to the element", async () => {
    stripe.confirmSetup.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const props = renderForm();
    fireEvent.click(await saveButton());
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Payment Method Failed',
        description: 'Your card was declined.',
        variant: 'destructive',
      }),
    );
    expect(props.onSucceeded).not.toHaveBeenCalled();

    stripe.confirmSetup.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    fireEvent.click(await saveButton());
    await waitFor(() => expect(stripe.confirmSetup).toHaveBeenCalledTimes(2));
    await saveButton();
    expect(toasts.all).toHaveLength(1);
  });

  it('an exception says Error / Failed to add payment method', async () => {
    stripe.confirmSetup.mockRejectedValue(new Error('network'));
    renderForm();
    fireEvent.click(await saveButton());
    await waitFor(() =>
      expect(toasts.all).toContainEqual({
        title: 'Error',
        description: 'Failed to add payment method',
        variant: 'destructive',
      }),
    );
  });

  it("Stripe.js failing to load, or the element refusing the key, says 'Stripe Configuration Error'", async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const onConfigError = vi.fn();
    render(
      <StripeCardForm
        publishableKey="pk_test_unreachable"
        clientSecret="seti_9_secret_z"
        onSucceeded={vi.fn()}
        onCancel={vi.fn()}
        onConfigError={onConfigError}
      />,
    );
    await waitFor(() => expect(onConfigError).toHaveBeenCalled());
    expect(toasts.all).toContainEqual(configError);
    cleanup();
    toasts.clear();

    stripe.elementFails = true;
    const props = renderForm();
    await waitFor(() => expect(props.onConfigError).toHaveBeenCalled());
    expect(toasts.all).toContainEqual(configError);
  });

  it('is what the Payment Methods tab shows when the server uses Stripe', async () => {
    publicConfig.payments = { provider: 'stripe', publishableKey: 'pk_test_tab' };
    stripe.loadStripe.mockResolvedValue({ id: 'stripe' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/stripe/setup-intent'
          ? new Response(JSON.stringify({ clientSecret: 'seti_5_secret_q' }), { status: 200 })
          : new Response(JSON.stringify({ paymentMethods: [] }), { status: 200 }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PaymentMethodsTab />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.getByTestId('elements').dataset.clientSecret).toBe('seti_5_secret_q');
    expect(screen.queryByText(/Test mode/)).toBeNull();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_tab');
  });
});

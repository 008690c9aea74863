import { Component, type ReactNode, lazy, Suspense } from 'react';
import { publicConfig } from '@/lib/config';
import { toastStripeConfigError } from '../setupToasts';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe.js and its React bindings load only when a member adds a payment method (docs/engineering.md §6).
const StripeCardForm = lazy(() => import('./StripeCardForm'));

interface AddPaymentMethodFormProps {
  clientSecret: string;
  onSucceeded: () => Promise<void> | void;
  onCancel: () => void;
  /** The provider's form cannot be used (Stripe did not load or refused the key); it was announced. */
  onUnavailable: () => void;
}

/** The provider's form for a new payment method: Stripe Elements with Stripe keys, else the offline sandbox's card form. */
export function AddPaymentMethodForm({
  clientSecret,
  onSucceeded,
  onCancel,
  onUnavailable,
}: AddPaymentMethodFormProps) {
  const payments = publicConfig.payments;
  if (payments.provider === 'sandbox') {
    return <SandboxCardForm clientSecret={clientSecret} onSucceeded={onSucceeded} onCancel={onCancel} />;
  }
  return (
    <ChunkErrorBoundary
      onError={() => {
        toastStripeConfigError();
        onUnavailable();
      }}
    >
      <Suspense
        fallback={
          <p className="py-4 text-center text-sm text-neutral-text/70" role="status">
            Loading the secure payment form...
          </p>
        }
      >
        <StripeCardForm
          publishableKey={payments.publishableKey}
          clientSecret={clientSecret}
          onSucceeded={onSucceeded}
          onCancel={onCancel}
          onConfigError={onUnavailable}
        />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** The lazily loaded form's code may fail to download (offline); that closes the form with the configuration toast. */
class ChunkErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

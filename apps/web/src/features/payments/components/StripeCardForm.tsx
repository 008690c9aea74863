import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions } from '@/components/ui/form-field';
import { toastAddError, toastMethodFailed, toastStripeConfigError } from '../setupToasts';

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** The payment method is saved: the caller reloads the list, announces it and closes the form. */
  onSucceeded: () => Promise<void> | void;
  onCancel: () => void;
  /** Stripe.js could not load, or Stripe rejected the publishable key: the form cannot work. */
  onConfigError: () => void;
}

/** One Stripe.js instance per key for the whole tab: Stripe asks that it be created once. */
const stripeLoads = new Map<string, Promise<Stripe | null>>();

function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey);
    stripeLoads.set(publishableKey, load);
    // A failed load (offline, blocked script) may succeed on the next attempt.
    load.catch(() => stripeLoads.delete(publishableKey));
  }
  return load;
}

/**
 * Stripe Elements for saving a card or US bank account (docs/product.md §4 "Payment method add"). This
 * module is loaded only when a member opens the form, so Stripe's code stays out of the first
 * load (docs/engineering.md §6).
 */
export default function StripeCardForm({
  publishableKey,
  clientSecret,
  onSucceeded,
  onCancel,
  onConfigError,
}: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const onConfigErrorRef = useRef(onConfigError);
  onConfigErrorRef.current = onConfigError;

  useEffect(() => {
    let isCurrent = true;
    const fail = () => {
      if (!isCurrent) return;
      toastStripeConfigError();
      onConfigErrorRef.current();
    };
    loadStripeOnce(publishableKey).then((loaded) => {
      if (!loaded) fail();
      else if (isCurrent) setStripe(loaded);
    }, fail);
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);

  if (!stripe) {
    return (
      <p className="py-4 text-center text-sm text-neutral-text/70" role="status">
        Loading the secure payment form...
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripeSetupForm onSucceeded={onSucceeded} onCancel={onCancel} onConfigError={onConfigError} />
    </Elements>
  );
}

function StripeSetupForm({
  onSucceeded,
  onCancel,
  onConfigError,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || isBusy) return;
    setIsBusy(true);
    try {
      const { error, setupIntent } = await stripe.confirmSetup({
        elements,
        // docs/product.md §2: /profile is the return address when the method needs a redirect (a bank's page).
        confirmParams: { return_url: `${window.location.origin}/profile?tab=payments` },
        redirect: 'if_required',
      });
      if (error) {
        if (error.type === 'authentication_error') {
          toastStripeConfigError();
          onConfigError();
          return;
        }
        // The Payment Element shows incomplete or invalid fields beside them itself.
        if (error.type !== 'validation_error') toastMethodFailed(error.message);
        setIsBusy(false);
        return;
      }
      // A bank account being verified is `processing`: saved, and listed as such.
      if (setupIntent.status === 'succeeded' || setupIntent.status === 'processing') {
        await onSucceeded();
        return;
      }
      toastMethodFailed(setupIntent.last_setup_error?.message);
      setIsBusy(false);
    } catch {
      toastAddError();
      setIsBusy(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-label="Add a payment method">
      <PaymentElement
        onReady={() => setIsReady(true)}
        onLoadError={() => {
          toastStripeConfigError();
          onConfigError();
        }}
      />
      <FormActions
        onCancel={onCancel}
        busy={isBusy}
        submitLabel="Save Payment Method"
        submitDisabled={!stripe || !elements || !isReady}
      />
    </form>
  );
}

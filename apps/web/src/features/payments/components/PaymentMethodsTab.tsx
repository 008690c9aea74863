import { type PaymentMethod, SERVICE_FEE_RATE } from '@bid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PAYMENT_METHODS_KEY, usePaymentMethods } from '@/lib/paymentMethods';
import { useCreateSetupIntent } from '../api/createSetupIntent';
import { toastMethodAdded, toastSetupFailed } from '../setupToasts';
import { AddPaymentMethodForm } from './AddPaymentMethodForm';
import { PaymentMethodList } from './PaymentMethodList';
import { PaymentsSection } from './PaymentsSection';
import { RemovePaymentMethodDialog } from './RemovePaymentMethodDialog';

const FEE_PERCENT = `${Math.round(SERVICE_FEE_RATE * 100)}%`;

/**
 * The profile's Payment Methods tab (docs/product.md §2) and its add flow (docs/product.md §4): request a setup
 * secret, show the provider's form, confirm (redirecting only when required); on success the
 * form closes and the list reloads.
 */
export function PaymentMethodsTab() {
  const queryClient = useQueryClient();
  const methods = usePaymentMethods();
  const createSetupIntent = useCreateSetupIntent();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);

  const startAdding = () =>
    createSetupIntent.mutate(undefined, {
      onSuccess: (setup) => setClientSecret(setup.clientSecret),
      onError: toastSetupFailed,
    });

  const onAdded = async () => {
    await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
    toastMethodAdded();
    setClientSecret(null);
  };

  const saved = methods.data?.paymentMethods ?? [];

  return (
    <PaymentsSection
      headingId="payment-methods-heading"
      title="Payment Methods"
      intro={
        <>
          You need a saved payment method to bid. It is only charged if you win; {FEE_PERCENT} of a winning bid is our
          service fee.
        </>
      }
      action={
        clientSecret === null && (
          <Button type="button" onClick={startAdding} disabled={createSetupIntent.isPending}>
            <Plus aria-hidden="true" />
            {createSetupIntent.isPending ? 'Preparing...' : 'Add Payment Method'}
          </Button>
        )
      }
    >
      {clientSecret !== null && (
        <Card>
          <CardContent className="grid gap-3 p-4">
            <h3 className="font-semibold">Add a payment method</h3>
            <AddPaymentMethodForm
              clientSecret={clientSecret}
              onSucceeded={onAdded}
              onCancel={() => setClientSecret(null)}
              onUnavailable={() => setClientSecret(null)}
            />
          </CardContent>
        </Card>
      )}

      {methods.isLoading ? (
        <p className="py-6 text-center text-neutral-text/70" role="status">
          Loading your payment methods...
        </p>
      ) : methods.isError ? (
        <p className="py-6 text-center text-neutral-text/70" role="status">
          Your payment methods could not be loaded. Please try again later.
        </p>
      ) : saved.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center p-8 text-center text-neutral-text/80">
            <CreditCard aria-hidden="true" className="mb-3 size-10 text-primary" />
            <p>No payment methods saved yet. Add a card or bank account to start bidding.</p>
          </CardContent>
        </Card>
      ) : (
        <PaymentMethodList methods={saved} onRemove={setRemoving} />
      )}

      <RemovePaymentMethodDialog method={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </PaymentsSection>
  );
}

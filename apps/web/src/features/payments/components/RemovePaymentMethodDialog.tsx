import type { PaymentMethod } from '@bid/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRemovePaymentMethod } from '../api/removePaymentMethod';
import { paymentMethodLabel } from '@/lib/paymentFormat';
import { toastMethodRemoved, toastRemovalFailed } from '../setupToasts';

interface RemovePaymentMethodDialogProps {
  /** The method to remove; the dialog is closed while there is none. */
  method: PaymentMethod | null;
  onOpenChange: (open: boolean) => void;
}

/** A confirmation before a saved method is removed: without one, the member cannot bid. */
export function RemovePaymentMethodDialog({ method, onOpenChange }: RemovePaymentMethodDialogProps) {
  const remove = useRemovePaymentMethod();
  const label = method ? paymentMethodLabel(method) : '';

  const confirm = () => {
    if (!method) return;
    remove.mutate(method.id, {
      onSuccess: () => {
        toastMethodRemoved(label);
        onOpenChange(false);
      },
      onError: toastRemovalFailed,
    });
  };

  return (
    <ConfirmDialog
      open={method !== null}
      onOpenChange={onOpenChange}
      isPending={remove.isPending}
      title="Remove payment method?"
      description={`${label} will be removed from your account. You need a saved payment method to bid or buy now.`}
      keepLabel="Keep It"
      confirmLabel="Remove"
      pendingLabel="Removing..."
      onConfirm={confirm}
    />
  );
}

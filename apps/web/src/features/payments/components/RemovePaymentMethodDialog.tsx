import type { PaymentMethod } from '@bid/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRemovePaymentMethod } from '../api/removePaymentMethod';
import { paymentMethodLabel } from '../format';
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
    <Dialog
      open={method !== null}
      onOpenChange={(open) => {
        // Closing while the call runs would hide its outcome; the buttons are disabled meanwhile too.
        if (!open && remove.isPending) return;
        onOpenChange(open);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove payment method?</DialogTitle>
          <DialogDescription>
            {label} will be removed from your account. You need a saved payment method to bid or buy now.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Keep It
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/utils';
import { errorText } from '../people';

/** A date mutation that takes no input (`useEndDate`, `useReleasePayment`). */
interface DateAction {
  mutate: (variables: undefined, options: { onSettled: () => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface ConfirmedDateActionProps {
  action: DateAction;
  /** The button's text, and the confirm button's. */
  label: string;
  variant?: ButtonProps['variant'];
  /** Classes for the failure line, besides its colour and size. */
  errorClassName?: string;
  /** The confirmation's own words. */
  confirm: { title: string; description: string; keepLabel: string; pendingLabel: string };
}

/**
 * A date step that cannot be undone, behind a confirmation: the dialog stays open while the call
 * runs and closes once it is settled; a failure is said under the button once the dialog is closed.
 */
export function ConfirmedDateAction({ action, label, variant, errorClassName, confirm }: ConfirmedDateActionProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button type="button" variant={variant} onClick={() => setIsConfirming(true)}>
        {label}
      </Button>
      {action.isError && !isConfirming && (
        <p role="alert" className={cn('text-sm text-danger', errorClassName)}>
          {errorText(action.error)}
        </p>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        isPending={action.isPending}
        {...confirm}
        confirmLabel={label}
        onConfirm={() => action.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
      />
    </>
  );
}

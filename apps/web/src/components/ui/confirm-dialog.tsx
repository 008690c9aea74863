import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While the confirmed call runs, both buttons are disabled and the dialog stays open. */
  isPending: boolean;
  title: string;
  description: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  /** The confirm button's text while the call runs (default: unchanged). */
  pendingLabel?: string;
  onConfirm: () => void;
  /** The confirm button is off until the member has done what `children` asks (typed a word). */
  confirmDisabled?: boolean;
  /** What the member does before confirming, between the description and the buttons. */
  children?: ReactNode;
}

/** A destructive action's confirmation: keep (the safe default) or confirm. */
export function ConfirmDialog({
  open,
  onOpenChange,
  isPending,
  title,
  description,
  keepLabel,
  confirmLabel,
  pendingLabel,
  onConfirm,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        // Closing while the call runs would hide its outcome.
        if (!next && isPending) return;
        onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
          {keepLabel}
        </Button>
        <Button type="button" variant="destructive" onClick={onConfirm} disabled={isPending || confirmDisabled}>
          {isPending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

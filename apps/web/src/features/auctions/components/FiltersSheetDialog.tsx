import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

interface FiltersSheetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page's filter card. */
  children: ReactNode;
}

/** The bottom sheet of `FiltersSheet`, in a module of its own so its dialog code loads on first use. */
export function FiltersSheetDialog({ open, onOpenChange, children }: FiltersSheetDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="filters-sheet">
        <DialogTitle>Filters</DialogTitle>
        <DialogDescription>Results update as you choose.</DialogDescription>
        {children}
        <Button onClick={() => onOpenChange(false)}>Show results</Button>
      </DialogContent>
    </Dialog>
  );
}

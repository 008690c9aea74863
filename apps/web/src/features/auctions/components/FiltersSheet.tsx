import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

interface FiltersSheetProps {
  /** How many filters are set (the button says "Filters (n)"). */
  activeCount: number;
  /** The page's filter card. */
  children: ReactNode;
}

/**
 * Filters on a phone (docs/web-app.md "Phone layout"): results come first, the filter card waits
 * in a bottom sheet behind a "Filters (n)" button. From the sm breakpoint up the card shows in
 * place and the button is not rendered (display none).
 */
export function FiltersSheet({ activeCount, children }: FiltersSheetProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <div className="sm:hidden">
        <Button variant="outline" className="w-full" onClick={() => setOpen(true)} data-testid="open-filters">
          <SlidersHorizontal aria-hidden="true" />
          Filters ({activeCount})
        </Button>
      </div>
      {/* One copy of the card at a time, so every label names one control. */}
      {!isOpen && <div className="hidden sm:block">{children}</div>}
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent data-testid="filters-sheet">
          <DialogTitle>Filters</DialogTitle>
          <DialogDescription>Results update as you choose.</DialogDescription>
          {children}
          <Button onClick={() => setOpen(false)}>Show results</Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

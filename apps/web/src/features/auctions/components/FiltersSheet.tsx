import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLoadOnDemand } from '@/lib/useLoadOnDemand';

interface FiltersSheetProps {
  /** How many filters are set (the button says "Filters (n)"). */
  activeCount: number;
  /** The page's filter card. */
  children: ReactNode;
}

const loadFiltersSheetDialog = () => import('./FiltersSheetDialog');

/**
 * Filters on a phone (docs/web-app.md "Phone layout"): results come first, the filter card waits
 * in a bottom sheet behind a "Filters (n)" button. From the sm breakpoint up the card shows in
 * place and the button is not rendered (display none).
 *
 * The sheet's dialog code (Radix Dialog, focus trap and scroll lock, about 15 KB gzipped) loads on
 * first use (`useLoadOnDemand`, docs/performance.md "Initial JavaScript"): touching, pointing at or
 * focusing the button starts the download, and the press opens the sheet as soon as it is there.
 */
export function FiltersSheet({ activeCount, children }: FiltersSheetProps) {
  const { module: sheet, preload } = useLoadOnDemand(loadFiltersSheetDialog);
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <div className="sm:hidden">
        <Button
          variant="outline"
          className="w-full"
          onPointerEnter={preload}
          onPointerDown={preload}
          onFocus={preload}
          onClick={() => {
            preload();
            setOpen(true);
          }}
          data-testid="open-filters"
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters ({activeCount})
        </Button>
      </div>
      {/* One copy of the card at a time, so every label names one control. */}
      {!isOpen && <div className="hidden sm:block">{children}</div>}
      {sheet && (
        <sheet.FiltersSheetDialog open={isOpen} onOpenChange={setOpen}>
          {children}
        </sheet.FiltersSheetDialog>
      )}
    </>
  );
}

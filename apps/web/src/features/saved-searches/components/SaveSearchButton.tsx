import { SAVED_SEARCH_BUTTON_LABEL } from '@bid/contract';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLoadOnDemand } from '@/lib/useLoadOnDemand';

const loadSaveSearchDialog = () => import('./SaveSearchDialog');

/**
 * "Save this search" (docs/auctions.md "Saved searches"): saves the filters of the page's address
 * (browse's parameters) under a name, and, when a distance is chosen, the place it is measured
 * from (the member's profile location when left empty). Members are then told of new matching
 * auctions. `withText={false}` on a page without a text filter (the signed-in home), so what is
 * saved is what the page shows.
 *
 * The form and its dialog (Radix Dialog) load on first use (`useLoadOnDemand`, docs/performance.md
 * "Initial JavaScript"): pointing at or focusing the button starts the download, and the press
 * opens the dialog as soon as the code is there.
 */
export function SaveSearchButton({ withText = true }: { withText?: boolean }) {
  const { module, preload } = useLoadOnDemand(loadSaveSearchDialog);
  const [open, setOpen] = useState(false);
  // Each opening mounts a fresh form (its key), as the button's press used to reset it.
  const [openings, setOpenings] = useState(0);

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          preload();
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        <BookmarkPlus aria-hidden="true" />
        {SAVED_SEARCH_BUTTON_LABEL}
      </Button>
      {module && openings > 0 && (
        <module.SaveSearchDialog key={openings} withText={withText} open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}

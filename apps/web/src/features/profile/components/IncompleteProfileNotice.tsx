import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown while docs/product.md §5 "Profile completeness" fails: bidding and creating auctions wait on it. */
export function IncompleteProfileNotice({ onComplete }: { onComplete: () => void }) {
  return (
    <section
      aria-labelledby="incomplete-profile-title"
      className="flex flex-col gap-4 rounded-xl border-2 border-primary bg-secondary/40 p-5 sm:flex-row sm:items-center"
      data-testid="incomplete-profile"
    >
      <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-primary" />
      <div className="flex-1">
        <h2 id="incomplete-profile-title" className="text-lg font-semibold">
          Complete Your Profile
        </h2>
        <p className="text-sm text-neutral-text/80">
          Add your name, age, gender, location and dating preferences before placing a bid or creating an auction.
        </p>
      </div>
      <Button type="button" onClick={onComplete}>
        Complete Profile
      </Button>
    </section>
  );
}

import { Heart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** Logged-out visitors have no site header (docs/product.md §2), so the landing page carries its own bar. */
export function LandingTopBar() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-5">
      <Link
        href="/"
        className="flex items-center gap-2 rounded-md text-base font-extrabold sm:text-xl tracking-tight text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-primary text-white shadow-sm">
          <Heart aria-hidden="true" className="size-5" fill="currentColor" />
        </span>
        BidYourDate
      </Link>
      <nav aria-label="Site">
        <ul className="flex items-center gap-1 sm:gap-3">
          <li>
            <Button asChild variant="ghost" className="h-9 px-3 text-neutral-text sm:h-10 sm:px-4">
              <Link href="/browse">
                {/* Short on phones, with the full name kept for screen readers. */}
                Browse<span className="sr-only sm:not-sr-only"> Auctions</span>
              </Link>
            </Button>
          </li>
          <li>
            <Button asChild variant="outline" className="h-9 px-3 sm:h-10 sm:px-4">
              <Link href="/login">Sign In</Link>
            </Button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

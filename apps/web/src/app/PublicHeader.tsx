import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Logo } from './Header';

/**
 * The visitor's header (docs/web-app.md "Header, loading, scroll position, lists"): on every page a signed-out visitor sees
 * (the landing page, browse, an auction's shared link, About and the other public pages, the
 * 404 page) the same bar as the signed-in header's: the logo, where to look (Browse, About) and
 * Sign In. The signed-in header, with search, Create and the bell, stays for members
 * (docs/product.md §2 "Header (signed in only)").
 */
export function PublicHeader() {
  return (
    <header
      className="sticky top-0 z-40 border-b border-black/10 bg-white/95 backdrop-blur"
      data-testid="public-header"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-4 sm:px-4">
        {/* On a phone the logo is its heart, as in the member's header: the bar fits 320 px. */}
        <Logo compact />
        <span className="flex-1" aria-hidden="true" />
        <nav aria-label="Site">
          <ul className="flex items-center gap-1 sm:gap-2">
            <li>
              <Button asChild variant="ghost" className="h-9 px-2 text-neutral-text sm:h-10 sm:px-4">
                <Link href="/browse">
                  {/* Short on phones, with the full name kept for screen readers. */}
                  Browse<span className="sr-only sm:not-sr-only"> Auctions</span>
                </Link>
              </Button>
            </li>
            <li>
              <Button asChild variant="ghost" className="h-9 px-2 text-neutral-text sm:h-10 sm:px-4">
                <Link href="/about">About</Link>
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
    </header>
  );
}

/** While the session is read: the header's place and logo, so nothing moves when it arrives. */
export function HeaderPlaceholder() {
  return (
    <header className="sticky top-0 z-40 border-b border-black/10 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-4 sm:px-4">
        <Logo />
      </div>
    </header>
  );
}

import { type AuctionDetail, formatWholeDollars } from '@bid/contract';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { Countdown } from './Countdown';

interface StickyBidBarProps {
  auction: Pick<AuctionDetail, 'currentBid' | 'endTime' | 'isActive'>;
  signedIn: boolean;
  /** Opens the bid dialog; absent when this viewer cannot bid now. */
  onBid: (() => void) | undefined;
  /** The button's words: "Place Bid", or "Raise your maximum" for the leader (docs/auctions.md). */
  bidLabel?: string;
  /** What to say instead of the button (where the viewer stands, or that it ended). */
  statusText: string | null;
  /** An ended auction's outcome ("Sold for $80"), shown instead of the price and the time left. */
  outcome?: string | null;
}

/**
 * The auction page's bar on phones and tablets (docs/web-app.md "Phone layout"): the current
 * bid, the time left and Place Bid stay on screen however far the page scrolls. Larger screens
 * (Tailwind's lg) have the sticky sidebar instead, so there it is not rendered at all: one
 * "Place Bid" per page.
 */
export function StickyBidBar({
  auction,
  signedIn,
  onBid,
  bidLabel = 'Place Bid',
  statusText,
  outcome = null,
}: StickyBidBarProps) {
  const isLarge = useMediaQuery('(min-width: 1024px)');
  if (isLarge) return null;
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-black/10 bg-white/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
      data-testid="sticky-bid-bar"
      role="region"
      aria-label="Current bid and time left"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        {outcome ? (
          <p className="min-w-0 flex-1 text-lg font-extrabold leading-tight text-primary" data-testid="sticky-outcome">
            {outcome}
          </p>
        ) : (
          <div className="min-w-0 flex-1">
            <p className="text-xl font-extrabold leading-tight text-primary" data-testid="sticky-current-bid">
              {formatWholeDollars(auction.currentBid)}
            </p>
            <p className="text-sm text-neutral-text/80">
              <Countdown endTime={auction.endTime} isActive={auction.isActive} precise />
            </p>
          </div>
        )}
        {onBid ? (
          <div className="grid shrink-0 justify-items-end gap-1">
            {statusText && (
              <p className="text-xs font-medium" data-testid="sticky-status">
                {statusText}
              </p>
            )}
            <Button onClick={onBid}>{bidLabel}</Button>
          </div>
        ) : !signedIn ? (
          <Button asChild className="shrink-0">
            <Link href="/login">Login to Bid</Link>
          </Button>
        ) : statusText && statusText !== outcome ? (
          <p className="max-w-[55%] text-right text-sm font-medium" data-testid="sticky-status">
            {statusText}
          </p>
        ) : null}
      </div>
    </div>
  );
}

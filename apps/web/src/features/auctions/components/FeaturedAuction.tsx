import { type AuctionListItem, formatWholeDollars, parseMoneyToCents } from '@bid/contract';
import { Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { bidCountLabel, dateTypeLabel } from '@/lib/auctionLabels';
import { Countdown } from './Countdown';

/** docs/product.md §2: the featured auction is the one with the highest current bid (the first of equals). */
export function pickFeaturedAuction(auctions: readonly AuctionListItem[]): AuctionListItem | undefined {
  let best: AuctionListItem | undefined;
  let bestCents = -1;
  for (const auction of auctions) {
    const cents = parseMoneyToCents(auction.currentBid) ?? 0;
    if (cents > bestCents) {
      best = auction;
      bestCents = cents;
    }
  }
  return best;
}

export function FeaturedAuction({ auction }: { auction: AuctionListItem }) {
  return (
    <section aria-labelledby="featured-heading">
      <Card className="overflow-hidden bg-palette-gradient p-6 sm:p-8">
        <p
          id="featured-heading"
          className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary"
        >
          <Sparkles aria-hidden="true" className="size-4" />
          Featured Auction
        </p>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-6">
          <div className="min-w-0">
            <h2 className="text-2xl font-bold sm:text-3xl">{auction.title}</h2>
            <p className="mt-1 text-neutral-text/80">
              {dateTypeLabel(auction.dateType)} with {auction.creator.displayName}
              {auction.location ? ` · ${auction.location}` : ''}
            </p>
            <p className="mt-3 line-clamp-2 max-w-2xl text-sm text-neutral-text/80">{auction.description}</p>
          </div>
          <div className="flex flex-wrap items-center gap-6">
            <div>
              <p className="text-xs uppercase tracking-wide text-neutral-text/70">Current bid</p>
              <p className="text-3xl font-extrabold text-primary">{formatWholeDollars(auction.currentBid)}</p>
              <p className="text-sm text-neutral-text/80">
                {bidCountLabel(auction.bidCount)} · <Countdown endTime={auction.endTime} className="align-middle" />
              </p>
            </div>
            <Button asChild size="lg">
              <Link href={`/auction/${auction.id}`}>
                View Auction<span className="sr-only">: {auction.title}</span>
              </Link>
            </Button>
          </div>
        </div>
      </Card>
    </section>
  );
}

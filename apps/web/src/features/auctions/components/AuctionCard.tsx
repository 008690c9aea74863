import {
  type AuctionListItem,
  bidProgressPercent,
  formatWholeDollars,
  isAuctionOpen,
  PAYMENT_RESPONSIBILITY_LABELS,
} from '@bid/contract';
import { MapPin, Navigation, Users, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { ReputationLine } from '@/components/ReputationLine';
import { bidCountLabel } from '@/lib/auctionLabels';
import { ReserveStatus } from './ReserveStatus';
import { useNow } from '@/lib/useNow';
import { AuctionCardHeading } from '@/components/AuctionCardHeading';
import { AuctionCover } from './AuctionCover';
import { Countdown } from './Countdown';
import { WaitlistLink } from '@/components/WaitlistLink';
import { WatchButton } from './WatchButton';

/** Loaded when a card's Bid is pressed: a feed of cards does not need the dialog's code to show. */
const BidDialog = lazy(() => import('./BidDialog').then((module) => ({ default: module.BidDialog })));
import { StandingBadge } from './StandingBadge';

interface AuctionCardProps {
  auction: AuctionListItem;
  /** 'public' for visitors: bidding goes through the external sign-up form (docs/product.md §2). */
  view: 'member' | 'public';
  /** The signed-in viewer, so their own auctions offer no bid. */
  viewerId?: string;
  /** The first card on screen: its picture loads at once (the others lazily). */
  priority?: boolean;
}

/**
 * docs/product.md §2 "Auction card". The whole card leads to /auction/{id} through its title link
 * (stretched over the card), while its buttons sit above that link so they never navigate.
 */
export function AuctionCard({ auction, view, viewerId, priority = false }: AuctionCardProps) {
  const [isBidding, setIsBidding] = useState(false);
  const now = useNow({ wakeAt: auction.endTime });
  const isOpen = isAuctionOpen(auction, new Date(now));
  const progress = bidProgressPercent(auction.bidCount);
  const hasCoordinates = auction.latitude !== null && auction.longitude !== null;
  const isOwn = viewerId !== undefined && viewerId === auction.creatorId;

  return (
    <Card
      className="relative flex h-full flex-col gap-4 p-5 transition-shadow hover:shadow-md"
      data-testid="auction-card"
    >
      <AuctionCover
        auction={auction}
        priority={priority}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="-mx-5 -mt-5 w-[calc(100%+2.5rem)] rounded-t-xl"
      />
      <AuctionCardHeading id={auction.id} title={auction.title} dateType={auction.dateType} />
      {view === 'member' && !isOwn && (
        <WatchButton auctionId={auction.id} isWatched={auction.isWatched} className="absolute right-3 top-3" />
      )}
      {auction.viewerStanding && <StandingBadge standing={auction.viewerStanding} />}

      <div className="grid gap-1 text-sm text-neutral-text/80">
        <p>
          <span className="sr-only">Host: </span>
          by {auction.creator.displayName}
          {auction.creator.identityVerified && <VerifiedBadge className="ml-1" />}
        </p>
        {/* Issue 35: the host's reliability in words (docs/trust-and-safety.md "Reliability"). */}
        <p>
          <ReputationLine reputation={auction.creator.reputation} />
        </p>
        {(auction.location || hasCoordinates) && (
          <p className="flex flex-wrap items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            {auction.location}
            {hasCoordinates && (
              <span className="inline-flex items-center gap-1 text-primary">
                <Navigation aria-hidden="true" className="size-3" />
                Near you
              </span>
            )}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex items-end justify-between">
          <div>
            <p className="text-xs uppercase tracking-wide text-neutral-text/70">Current bid</p>
            <p className="text-2xl font-bold text-primary">{formatWholeDollars(auction.currentBid)}</p>
            <ReserveStatus reserveMet={auction.reserveMet} className="mt-1" />
          </div>
          <p className="flex items-center gap-1 text-sm text-neutral-text/80">
            <Users aria-hidden="true" className="size-4" />
            {bidCountLabel(auction.bidCount)}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Bidding activity"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-secondary/50"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-neutral-text/80">
        <Countdown endTime={auction.endTime} />
        <span className="inline-flex items-center gap-1">
          <Wallet aria-hidden="true" className="size-4" />
          {PAYMENT_RESPONSIBILITY_LABELS[auction.paymentResponsibility] ?? auction.paymentResponsibility}
        </span>
      </div>

      <div className="relative z-10 mt-auto">
        {!isOpen ? (
          <Button disabled className="w-full">
            Auction Ended
          </Button>
        ) : view === 'public' ? (
          <WaitlistLink className="w-full">Sign Up to Bid</WaitlistLink>
        ) : isOwn ? (
          <Button disabled variant="outline" className="w-full">
            Your Auction
          </Button>
        ) : (
          <Button className="w-full" onClick={() => setIsBidding(true)}>
            Place Bid
          </Button>
        )}
      </div>

      {view === 'member' && isBidding && (
        <Suspense fallback={null}>
          <BidDialog auction={auction} open={isBidding} onOpenChange={setIsBidding} />
        </Suspense>
      )}
    </Card>
  );
}

import { type AuctionDetail, formatWholeDollars } from '@bid/contract';
import { MessageCircle, Zap } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CurrentUser } from '@/features/auth/useAuth';
import { AuctionChatDialog } from '@/features/messages/components/AuctionChatDialog';
import { auctionStatusOf, canBuyNow, canMessageAbout } from '../auctionStatus';
import { bidCountLabel } from '../labels';
import { BidDialog } from './BidDialog';
import { BuyNowDialog } from './BuyNowDialog';
import { Countdown } from './Countdown';

interface AuctionSidebarProps {
  auction: AuctionDetail;
  user: CurrentUser | null;
  now: number;
}

/** SPEC §2 detail sidebar: current bid, bid count, time left, buy-now price, and what this viewer may do. */
export function AuctionSidebar({ auction, user, now }: AuctionSidebarProps) {
  const [isBidding, setIsBidding] = useState(false);
  const [isBuying, setIsBuying] = useState(false);
  const [isChatting, setIsChatting] = useState(false);
  const at = new Date(now);
  const status = auctionStatusOf(auction, at);
  const isCreator = user?.id === auction.creatorId;
  const showMessage = canMessageAbout(auction, user?.id, at);

  const note = (text: string) => (
    <p className="rounded-md bg-secondary/40 px-4 py-3 text-center font-medium" data-testid="auction-status-note">
      {text}
    </p>
  );

  let actions: ReactNode;
  if (!user) {
    actions = (
      <Button asChild size="lg" className="w-full">
        <Link href="/login">Login to Bid</Link>
      </Button>
    );
  } else if (isCreator) {
    actions = note('This is your auction');
  } else if (status === 'open') {
    actions = (
      <>
        <Button size="lg" className="w-full" onClick={() => setIsBidding(true)}>
          Place Bid
        </Button>
        {canBuyNow(auction) && (
          <Button size="lg" variant="outline" className="w-full" onClick={() => setIsBuying(true)}>
            <Zap aria-hidden="true" />
            Buy Now
          </Button>
        )}
      </>
    );
  } else {
    actions = note(status === 'cancelled' ? 'Auction not active' : 'Auction has ended');
  }

  return (
    <Card className="grid gap-5 p-6 lg:sticky lg:top-24">
      <div>
        <p className="text-sm uppercase tracking-wide text-neutral-text/70">Current bid</p>
        <p className="text-4xl font-extrabold text-primary" data-testid="current-bid">
          {formatWholeDollars(auction.currentBid)}
        </p>
        <p className="text-sm text-neutral-text/80" data-testid="bid-count">
          {bidCountLabel(auction.bidCount)}
        </p>
      </div>
      <dl className="grid gap-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-neutral-text/70">Time left</dt>
          <dd className="font-semibold">
            <Countdown endTime={auction.endTime} />
          </dd>
        </div>
        {auction.buyNowPrice && (
          <div className="flex items-center justify-between gap-3">
            <dt className="text-neutral-text/70">Buy now price</dt>
            <dd className="font-semibold">{formatWholeDollars(auction.buyNowPrice)}</dd>
          </div>
        )}
      </dl>
      <div className="grid gap-3">
        {actions}
        {showMessage && (
          <Button size="lg" variant="secondary" className="w-full" onClick={() => setIsChatting(true)}>
            <MessageCircle aria-hidden="true" />
            Message
          </Button>
        )}
      </div>

      {isBidding && <BidDialog auction={auction} open={isBidding} onOpenChange={setIsBidding} />}
      {isChatting && user && auction.winnerId && (
        <AuctionChatDialog
          auction={{ ...auction, winnerId: auction.winnerId }}
          myId={user.id}
          open={isChatting}
          onOpenChange={setIsChatting}
        />
      )}
      {isBuying && auction.buyNowPrice && (
        <BuyNowDialog
          auction={{ id: auction.id, title: auction.title, buyNowPrice: auction.buyNowPrice }}
          open={isBuying}
          onOpenChange={setIsBuying}
        />
      )}
    </Card>
  );
}

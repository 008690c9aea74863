import {
  type AuctionDetail,
  auctionOutcomeText,
  formatWholeDollars,
  RAISE_YOUR_MAXIMUM,
  SECOND_CHANCE_SENT_TITLE,
  secondChanceSentMessage,
} from '@bid/contract';
import { CalendarHeart, MessageCircle, Trophy, Zap } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CurrentUser } from '@/lib/useAuth';
import { auctionStatusOf, canBuyNow, canMessageAbout } from '../auctionStatus';
import { bidCountLabel } from '@/lib/auctionLabels';
import { standingText, winnerFirstName } from '../standing';
import { BidDialog } from './BidDialog';
import { BuyNowDialog } from './BuyNowDialog';
import { Countdown } from './Countdown';
import { StickyBidBar } from './StickyBidBar';
import { ReserveStatus } from './ReserveStatus';
import { useSendSecondChance } from '../api/secondChance';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';

interface AuctionSidebarProps {
  auction: AuctionDetail;
  user: CurrentUser | null;
  now: number;
  /** Whether the date can be planned now: for the winner, once their payment has gone through. */
  canPlan: boolean;
  /**
   * The winner's payment while it has not gone through (what happens, pay now or add a card):
   * composed by the page from the payments feature.
   */
  winnerPayment?: ReactNode;
  /**
   * The auction chat while it is open; the page composes it from the messages feature (a feature
   * imports no other feature, docs/architecture.md "Web app layers").
   */
  renderChat: (chat: {
    winnerId: string;
    myId: string;
    open: boolean;
    onOpenChange: (open: boolean) => void;
  }) => ReactNode;
}

/** docs/product.md §2 detail sidebar: current bid, bid count, time left, buy-now price, and what this viewer may do. */
export function AuctionSidebar({ auction, user, now, canPlan, winnerPayment, renderChat }: AuctionSidebarProps) {
  const [isBidding, setIsBidding] = useState(false);
  const [isBuying, setIsBuying] = useState(false);
  const [isChatting, setIsChatting] = useState(false);
  const at = new Date(now);
  const status = auctionStatusOf(auction, at);
  const isCreator = user?.id === auction.creatorId;
  const showMessage = canMessageAbout(auction, user?.id, at);
  const standing = isCreator ? null : auction.viewerStanding;
  const winnerName = winnerFirstName(auction);
  // The leader's new bid only raises their maximum (docs/auctions.md), so the button says that.
  const leading = standing === 'winning';
  const bidLabel = leading ? RAISE_YOUR_MAXIMUM : 'Place Bid';
  // The host talks to the winner by name (docs/web-app.md "Where you stand").
  const messageLabel = isCreator ? `Message ${winnerName ?? 'the winner'}` : 'Message';
  // An auction that is no longer open shows its outcome, not a price to beat and a time left
  // (docs/web-app.md "Ended auctions and the winner's next step").
  const outcome = status === 'open' ? null : auctionOutcomeText({ ...auction, cancelled: status === 'cancelled' });

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
    actions = (
      <>
        {note('This is your auction')}
        {auction.reservePrice && (
          <p className="text-center text-sm" data-testid="own-reserve-price">
            Your reserve price: {formatWholeDollars(auction.reservePrice)}
          </p>
        )}
        {status === 'ended' && !auction.winnerId && auction.reserveMet === false && auction.bidCount > 0 && (
          <SecondChanceButton auctionId={auction.id} />
        )}
        {auction.winnerId && (
          <p className="flex items-center justify-center gap-2 font-semibold" data-testid="auction-winner">
            <Trophy aria-hidden="true" className="size-4 text-primary" />
            Won by {winnerName ?? 'a bidder'}
          </p>
        )}
      </>
    );
  } else if (status === 'open') {
    actions = (
      <>
        <Button size="lg" className="w-full" onClick={() => setIsBidding(true)}>
          {bidLabel}
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

  let stickyStatus: string | null = outcome;
  if (standing) stickyStatus = standingText(standing, auction);
  else if (isCreator)
    stickyStatus = auction.winnerId ? `Won by ${winnerName ?? 'a bidder'}` : (stickyStatus ?? 'This is your auction');
  const openBid = status === 'open' && user !== null && !isCreator ? () => setIsBidding(true) : undefined;

  return (
    <Card className="grid gap-5 p-6">
      {standing && (
        <StandingNote
          text={standingText(standing, auction)}
          standing={standing}
          onPlan={showMessage && canPlan ? () => setIsChatting(true) : undefined}
        />
      )}
      {winnerPayment}
      {outcome ? (
        <div>
          <p className="text-3xl font-extrabold text-primary" data-testid="auction-outcome">
            {outcome}
          </p>
          <ReserveStatus reserveMet={auction.reserveMet} live />
          <p className="text-sm text-neutral-text/80" data-testid="bid-count">
            {bidCountLabel(auction.bidCount)}
          </p>
        </div>
      ) : (
        <>
          <div>
            <p className="text-sm uppercase tracking-wide text-neutral-text/70">Current bid</p>
            <p className="text-4xl font-extrabold text-primary" data-testid="current-bid">
              {formatWholeDollars(auction.currentBid)}
            </p>
            <ReserveStatus reserveMet={auction.reserveMet} live className="my-1" />
            <p className="text-sm text-neutral-text/80" data-testid="bid-count">
              {bidCountLabel(auction.bidCount)}
            </p>
          </div>
          <dl className="grid gap-3 text-sm">
            <div className="flex items-center justify-between gap-3">
              <dt className="text-neutral-text/70">Time left</dt>
              <dd className="font-semibold">
                <Countdown endTime={auction.endTime} isActive={auction.isActive} precise />
              </dd>
            </div>
            {auction.buyNowPrice && (
              <div className="flex items-center justify-between gap-3">
                <dt className="text-neutral-text/70">Buy now price</dt>
                <dd className="font-semibold">{formatWholeDollars(auction.buyNowPrice)}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      <div className="grid gap-3 empty:hidden">
        {actions}
        {showMessage && (
          <Button size="lg" variant="secondary" className="w-full" onClick={() => setIsChatting(true)}>
            <MessageCircle aria-hidden="true" />
            {messageLabel}
          </Button>
        )}
      </div>

      <StickyBidBar
        auction={auction}
        signedIn={user !== null}
        onBid={openBid}
        bidLabel={bidLabel}
        statusText={stickyStatus}
        outcome={outcome}
      />
      {isBidding && <BidDialog auction={auction} open={isBidding} onOpenChange={setIsBidding} leading={leading} />}
      {isChatting &&
        user &&
        auction.winnerId &&
        renderChat({ winnerId: auction.winnerId, myId: user.id, open: isChatting, onOpenChange: setIsChatting })}
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

/**
 * The host's second-chance offer below the reserve (docs/auctions.md, "Reserve price"): one offer,
 * to the highest bidder at their highest bid. The server refuses a second one with its reason.
 */
function SecondChanceButton({ auctionId }: { auctionId: string }) {
  const send = useSendSecondChance();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <p className="text-center text-sm font-medium" data-testid="second-chance-sent">
        {secondChanceSentMessage(sentTo)}
      </p>
    );
  }
  return (
    <Button
      size="lg"
      variant="secondary"
      className="w-full"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(auctionId, {
          onSuccess: (offer) => {
            setSentTo(offer.bidder.displayName);
            toast({ title: SECOND_CHANCE_SENT_TITLE, description: secondChanceSentMessage(offer.bidder.displayName) });
          },
          onError: (error) =>
            onMutationError(error, {
              title: 'Offer not sent',
              description: 'Failed to send the offer. Please try again.',
            }),
        })
      }
    >
      Send a second-chance offer
    </Button>
  );
}

const STANDING_STYLES: Record<'winning' | 'outbid' | 'won' | 'lost', string> = {
  // Solid colours with white text: the tints failed the contrast check.
  winning: 'bg-success text-white',
  outbid: 'bg-danger text-white',
  won: 'bg-primary text-white',
  lost: 'bg-secondary/40 text-neutral-text',
};

/** Where the signed-in bidder stands, at the top of the bidding card; the winner's leads to the chat and its plan. */
function StandingNote({
  text,
  standing,
  onPlan,
}: {
  text: string;
  standing: 'winning' | 'outbid' | 'won' | 'lost';
  onPlan: (() => void) | undefined;
}) {
  return (
    <div className={`grid gap-2 rounded-md px-4 py-3 text-center ${STANDING_STYLES[standing]}`}>
      <p className="font-semibold" role="status" data-testid="viewer-standing" data-standing={standing}>
        {text}
      </p>
      {standing === 'won' && onPlan && (
        <Button size="sm" variant="secondary" onClick={onPlan}>
          <CalendarHeart aria-hidden="true" />
          Plan your date
        </Button>
      )}
    </div>
  );
}

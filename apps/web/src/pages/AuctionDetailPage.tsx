import {
  type AuctionDetail,
  displayNameOf,
  formatDuration,
  formatWholeDollars,
  PAYMENT_RESPONSIBILITY_LABELS,
} from '@bid/contract';
import { ArrowLeft, CalendarClock, DollarSign, MapPin, SearchX, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuction } from '@/features/auctions/api/getAuction';
import { AuctionSidebar } from '@/features/auctions/components/AuctionSidebar';
import { BidHistory } from '@/features/auctions/components/BidHistory';
import { MaxBidForm } from '@/features/auctions/components/MaxBidForm';
import { WatchButton } from '@/features/auctions/components/WatchButton';
import { AuctionCover } from '@/features/auctions/components/AuctionCover';
import { CreatorCard } from '@/features/auctions/components/CreatorCard';
import { JUST_CREATED_PARAM, ShareAuctionCard } from '@/features/auctions/components/ShareAuction';
import { formatDateTime } from '@/lib/auctionLabels';
import { useNow } from '@/lib/useNow';
import { useAuth } from '@/lib/useAuth';
import { YourDateCard } from '@/features/date/components/YourDateCard';
import { AuctionChatDialog } from '@/features/messages/components/AuctionChatDialog';
import { SafetyMenu } from '@/features/moderation/components/SafetyMenu';
import { useWinnerCharge, WinnerPaymentCard } from '@/features/payments/components/WinnerPaymentCard';
import { chatPaneSlots } from './chat/chatPaneSlots';
import { InReviewNotice } from '@/components/InReviewNotice';

/** docs/product.md §2 "Auction detail page", open to everyone so shared links work; bidding needs signing in. */
export default function AuctionDetailPage({ id }: { id: string }) {
  const { user } = useAuth();
  const { data: auction, isPending, isError, refetch } = useAuction(id);
  const now = useNow({ wakeAt: auction?.endTime });
  const justCreated = new URLSearchParams(useSearch()).get(JUST_CREATED_PARAM) === '1';

  // At the end time the server closes the auction within seconds: look again at once
  // (then every few seconds, see auctionRefetchInterval) so the outcome shows without a reload.
  const hasPassedEnd = auction ? new Date(auction.endTime).getTime() <= now : false;
  const needsClosing = hasPassedEnd && auction?.isActive === true;
  useEffect(() => {
    if (needsClosing) void refetch();
  }, [needsClosing, refetch]);

  if (isPending) return <AuctionPageSkeleton />;
  if (isError || !auction) return <AuctionNotFound signedIn={user !== null} />;
  return <AuctionPage auction={auction} now={now} justCreated={justCreated} />;
}

/**
 * The page's order (docs/web-app.md "Auction page"): title, host and the bid panel first, so at
 * 1440x900 and 390x844 the first screen holds the title, the host, the price, the time left,
 * where the viewer stands and Place Bid (on a phone the bar fixed to the bottom carries the last
 * four); then the details and the one bid history. On large screens the bid panel is one sticky
 * column holding the automatic bidding form too, so nothing in it can slide over anything else.
 */
function AuctionPage({ auction, now, justCreated }: { auction: AuctionDetail; now: number; justCreated: boolean }) {
  const { user } = useAuth();
  const hasPassedEnd = new Date(auction.endTime).getTime() <= now;
  // Issue 9: the winner and the host of a won auction plan and run their date from here.
  const isOpen = auction.isActive && !hasPassedEnd && !auction.cancelledAt;
  const isHost = user?.id === auction.creatorId;
  const isWinner = Boolean(auction.winnerId) && user?.id === auction.winnerId;
  // The winner plans once their payment has gone through; until then the payment card says what to do.
  const charge = useWinnerCharge(isWinner ? auction.id : undefined);
  const isPaid = charge?.status === 'succeeded';
  const canAct = user !== null && !isHost;
  const hostName = displayNameOf(auction.creator);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-28 pt-3 lg:pb-8">
      <title>{`${auction.title} | BidYourDate`}</title>
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-1">
        <Link href="/">
          <ArrowLeft aria-hidden="true" />
          Back to Auctions
        </Link>
      </Button>
      <div className="mb-4 grid gap-3">
        {auction.review && <InReviewNotice review={auction.review} />}
        <div className="flex items-start justify-between gap-2">
          <h1 className="min-w-0 text-2xl font-bold wrap-anywhere sm:text-3xl">{auction.title}</h1>
          <div className="flex shrink-0 items-center gap-1">
            {user && (
              <WatchButton auctionId={auction.id} isWatched={auction.isWatched} watcherCount={auction.watcherCount} />
            )}
            {canAct && (
              <SafetyMenu
                target={{ type: 'auction', id: auction.id, label: 'Report auction' }}
                member={{ id: auction.creator.id, name: hostName }}
              />
            )}
          </div>
        </div>
        <CreatorCard auction={auction} />
      </div>
      {/* minmax(0, …) tracks and min-w-0 columns: a long word in a title or a description wraps
          instead of widening the page past the screen (docs/web-app.md "Phone layout"). The bid
          panel comes second in the document (right after the photo on a phone) and takes the
          right column on large screens; the last row takes what is left, so the left column has
          no gaps when the panel is the taller. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <AuctionCover
          auction={auction}
          priority
          sizes="(min-width: 1024px) 60vw, 100vw"
          className="aspect-[16/9] max-h-[45vh] rounded-xl border border-black/10 lg:col-start-1 lg:row-start-1 lg:max-h-[50vh]"
        />
        <aside
          aria-label="Bidding"
          data-testid="bid-panel"
          className="grid min-w-0 content-start gap-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto"
        >
          <AuctionSidebar
            auction={auction}
            user={user}
            now={now}
            canPlan={isHost || isPaid}
            winnerPayment={isWinner && charge && !isPaid ? <WinnerPaymentCard charge={charge} /> : null}
            renderChat={({ winnerId, ...chat }) => (
              <AuctionChatDialog auction={{ ...auction, winnerId }} {...chat} {...chatPaneSlots} />
            )}
          />
          {user && user.id !== auction.creatorId && isOpen && <MaxBidForm auction={auction} />}
        </aside>
        <div className="grid min-w-0 content-start gap-6 lg:col-start-1">
          {isHost && auction.isActive && <ShareAuctionCard auction={auction} justCreated={justCreated} />}
          {(isHost || (isWinner && isPaid)) && <YourDateCard auctionId={auction.id} />}
          <Card className="p-6">
            <h2 className="sr-only">About this date</h2>
            <p className="whitespace-pre-line text-neutral-text/90 wrap-anywhere">{auction.description}</p>
            <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-text/80">
              <span>
                <span className="font-medium">Who pays:</span>{' '}
                {PAYMENT_RESPONSIBILITY_LABELS[auction.paymentResponsibility] ?? auction.paymentResponsibility}
              </span>
              <span>
                <span className="font-medium">Expected duration:</span> {formatDuration(auction.expectedDuration)}
              </span>
            </p>
            {auction.paymentNotes && (
              <p className="mt-2 whitespace-pre-line text-sm text-neutral-text/80">{auction.paymentNotes}</p>
            )}
            <InfoTiles auction={auction} />
          </Card>
        </div>
        <div className="min-w-0 lg:col-start-1">
          <BidHistory
            auctionId={auction.id}
            bidCount={auction.bidCount}
            viewerId={user?.id}
            isModerator={user?.role === 'moderator'}
            isOpen={isOpen}
          />
        </div>
      </div>
    </div>
  );
}

/** The page's shape while it loads (docs/web-app.md "Header, loading, scroll position, lists"): nothing jumps when it arrives. */
function AuctionPageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-28 pt-3 lg:pb-8" role="status" aria-label="Loading auction">
      <div className="mb-4 grid gap-3">
        <div className="h-8 w-40 animate-pulse rounded bg-secondary/50" />
        <div className="h-9 w-3/4 animate-pulse rounded bg-secondary/50" />
        <div className="h-24 animate-pulse rounded-xl bg-secondary/40" />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="aspect-[16/9] max-h-[45vh] animate-pulse rounded-xl bg-secondary/40 lg:max-h-[50vh]" />
        <div className="h-72 animate-pulse rounded-xl bg-secondary/40" />
      </div>
    </div>
  );
}

function InfoTiles({ auction }: { auction: AuctionDetail }) {
  return (
    <dl className="mt-6 grid gap-3 sm:grid-cols-2">
      <Tile icon={<DollarSign aria-hidden="true" />} label="Starting bid">
        {formatWholeDollars(auction.startingBid)}
      </Tile>
      <Tile icon={<MapPin aria-hidden="true" />} label="Location">
        {auction.location?.trim() || 'Not specified'}
      </Tile>
      <Tile icon={<CalendarClock aria-hidden="true" />} label="Ends">
        <time dateTime={auction.endTime}>{formatDateTime(auction.endTime)}</time>
      </Tile>
      <Tile icon={<Users aria-hidden="true" />} label="Bidders">
        {auction.bidderCount ?? auction.bidCount}
      </Tile>
    </dl>
  );
}

function Tile({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-lg bg-secondary/30 p-4">
      <dt className="flex items-center gap-2 text-xs uppercase tracking-wide text-neutral-text/70 [&_svg]:size-4 [&_svg]:text-primary">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function AuctionNotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <SearchX aria-hidden="true" className="size-12 text-primary" />
      <h1 className="mt-4 text-3xl font-bold">Auction Not Found</h1>
      <p className="mt-4 text-neutral-text/80">This auction does not exist or is no longer available.</p>
      <Button asChild className="mt-8">
        <Link href={signedIn ? '/' : '/browse'}>Browse Auctions</Link>
      </Button>
    </section>
  );
}

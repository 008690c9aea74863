import { formatCountdown, formatRelativeTime, formatWholeDollars } from '@bid/contract';
import { CalendarHeart } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { MyBid } from '../api/listMyBids';
import { type MyBidStanding, myBidStanding } from '../status';
import { useNow } from '@/lib/useNow';
import { MyListRow } from './MyListRow';

const STANDING_BADGES: Record<MyBidStanding, { label: string; variant: 'success' | 'muted' | 'outline' }> = {
  leading: { label: 'Leading', variant: 'success' },
  outbid: { label: 'Outbid', variant: 'outline' },
  won: { label: 'Won', variant: 'success' },
  ended: { label: 'Ended', variant: 'muted' },
};

/**
 * One row per auction (docs/web-app.md "Where you stand"): the list is newest first and bids only
 * rise, so an auction's first bid in it is my highest, and it is where I stand.
 */
export function latestBidPerAuction(bids: readonly MyBid[]): MyBid[] {
  const seen = new Set<string>();
  return bids.filter((bid) => {
    if (seen.has(bid.auctionId)) return false;
    seen.add(bid.auctionId);
    return true;
  });
}

/**
 * The My Bids tab's list (docs/web-app.md): each auction I bid on with its picture, my highest bid,
 * the current bid, the time left while it runs, where I stand, and for a date I won the next step.
 */
export function MyBidsList({ bids }: { bids: MyBid[] }) {
  const nowMs = useNow();
  const now = new Date(nowMs);
  return (
    <ul className="grid gap-3" aria-label="My bids">
      {latestBidPerAuction(bids).map((bid) => {
        const state = myBidStanding(bid, now);
        const standing = STANDING_BADGES[state];
        const isOpen = bid.auction.isActive && new Date(bid.auction.endTime).getTime() > nowMs;
        return (
          <MyListRow
            key={bid.id}
            testId="my-bid"
            auctionId={bid.auctionId}
            title={bid.auction.title}
            picture={bid.auction}
            facts={
              <>
                <span>
                  Your bid <span className="font-semibold text-neutral-text">{formatWholeDollars(bid.amount)}</span>
                </span>
                <span>Current bid {formatWholeDollars(bid.auction.currentBid)}</span>
                {isOpen && (
                  <span data-testid="my-bid-time-left">
                    <span className="sr-only">Time left </span>
                    {formatCountdown(bid.auction.endTime, nowMs)} left
                  </span>
                )}
                <time dateTime={bid.createdAt} title={new Date(bid.createdAt).toLocaleString()}>
                  <span className="sr-only">Placed </span>
                  {formatRelativeTime(bid.createdAt, now)}
                </time>
              </>
            }
            end={
              <div className="flex items-center gap-2">
                <Badge variant={standing.variant}>{standing.label}</Badge>
                {/* The next step of a won date: its page says whether to pay or to plan. */}
                {state === 'won' && (
                  <Button asChild size="sm">
                    <Link href={`/auction/${bid.auctionId}`}>
                      <CalendarHeart aria-hidden="true" />
                      Your date
                    </Link>
                  </Button>
                )}
              </div>
            }
          />
        );
      })}
    </ul>
  );
}

import { formatRelativeTime, formatWholeDollars } from '@bid/contract';
import { Badge } from '@/components/ui/badge';
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

/** The My Bids tab's list (docs/web-app.md): each auction I bid on, my highest bid, the current bid, when and where I stand. */
export function MyBidsList({ bids }: { bids: MyBid[] }) {
  const now = new Date(useNow());
  return (
    <ul className="grid gap-3" aria-label="My bids">
      {latestBidPerAuction(bids).map((bid) => {
        const standing = STANDING_BADGES[myBidStanding(bid, now)];
        return (
          <MyListRow
            key={bid.id}
            testId="my-bid"
            auctionId={bid.auctionId}
            title={bid.auction.title}
            facts={
              <>
                <span>
                  Your bid <span className="font-semibold text-neutral-text">{formatWholeDollars(bid.amount)}</span>
                </span>
                <span>Current bid {formatWholeDollars(bid.auction.currentBid)}</span>
                <time dateTime={bid.createdAt} title={new Date(bid.createdAt).toLocaleString()}>
                  <span className="sr-only">Placed </span>
                  {formatRelativeTime(bid.createdAt, now)}
                </time>
              </>
            }
            end={<Badge variant={standing.variant}>{standing.label}</Badge>}
          />
        );
      })}
    </ul>
  );
}

import { formatCountdown, formatWholeDollars } from '@bid/contract';
import { Clock, Pencil, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { InReviewBadge } from '@/components/InReviewNotice';
import { Button } from '@/components/ui/button';
import type { MyAuction } from '../api/listMyAuctions';
import { type MyAuctionStatus, myAuctionStatus } from '../status';
import { useNow } from '@/lib/useNow';
import { CancelAuctionDialog } from './CancelAuctionDialog';
import { EditAuctionDialog } from './EditAuctionDialog';
import { MyListRow } from './MyListRow';

const STATUS_BADGES: Record<
  MyAuctionStatus,
  { label: string; className?: string; variant: 'success' | 'muted' | 'default' | 'outline' }
> = {
  active: { label: 'Active', variant: 'success' },
  sold: { label: 'Sold', variant: 'default' },
  ended: { label: 'Ended', variant: 'muted' },
  cancelled: { label: 'Cancelled', variant: 'outline', className: 'border-danger text-danger' },
};

/**
 * The My Auctions tab's list (docs/product.md §2): each auction with its state, current bid, bid count
 * and time left; only active ones can be edited or cancelled, each through its own modal.
 */
export function MyAuctionsList({ auctions }: { auctions: MyAuction[] }) {
  const now = new Date(useNow());
  const [editing, setEditing] = useState<MyAuction | null>(null);
  const [cancelling, setCancelling] = useState<MyAuction | null>(null);

  return (
    <>
      <ul className="grid gap-3" aria-label="My auctions">
        {auctions.map((auction) => {
          const status = myAuctionStatus(auction, now);
          const badge = STATUS_BADGES[status];
          const bidLabel = `${auction.bidCount} ${auction.bidCount === 1 ? 'bid' : 'bids'}`;
          return (
            <MyListRow
              key={auction.id}
              testId="my-auction"
              auctionId={auction.id}
              title={auction.title}
              facts={
                <>
                  <span>
                    <span className="sr-only">Current bid </span>
                    <span className="font-semibold text-neutral-text">{formatWholeDollars(auction.currentBid)}</span>
                  </span>
                  <span>{bidLabel}</span>
                  {status === 'active' && (
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">Time left </span>
                      {formatCountdown(auction.endTime, now)}
                    </span>
                  )}
                </>
              }
              end={
                <div className="flex flex-wrap items-center gap-2">
                  {auction.review ? <InReviewBadge status={auction.review.status} /> : null}
                  <Badge variant={badge.variant} className={badge.className}>
                    {badge.label}
                  </Badge>
                  {status === 'active' && (
                    <>
                      <Button type="button" size="sm" variant="outline" onClick={() => setEditing(auction)}>
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <Button type="button" size="sm" variant="outline" onClick={() => setCancelling(auction)}>
                        <XCircle aria-hidden="true" />
                        Cancel
                      </Button>
                    </>
                  )}
                </div>
              }
            />
          );
        })}
      </ul>
      <EditAuctionDialog auction={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <CancelAuctionDialog auction={cancelling} onOpenChange={(open) => !open && setCancelling(null)} />
    </>
  );
}

import { type AuctionBidView, formatRelativeTime, formatWholeDollars } from '@bid/contract';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface BidsCardProps {
  icon: LucideIcon;
  title: string;
  /** Shown instead of the list when there are no bids. */
  emptyText: string;
  isEmpty: boolean;
  /** The list of bids. */
  children: ReactNode;
}

/** A card of an auction's bids (recent bids, bid history): its heading, then the list or a line saying there are none. */
export function BidsCard({ icon: Icon, title, emptyText, isEmpty, children }: BidsCardProps) {
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {title}
      </h2>
      {isEmpty ? <p className="mt-4 text-neutral-text/70">{emptyText}</p> : children}
    </Card>
  );
}

/** A bid's amount and how long ago it was placed, at the end of its row. */
export function BidAmountAndTime({ bid, now }: { bid: Pick<AuctionBidView, 'amount' | 'createdAt'>; now: number }) {
  return (
    <span className="flex items-center gap-4">
      <span className="font-semibold text-primary">{formatWholeDollars(bid.amount)}</span>
      <time dateTime={bid.createdAt} className="w-16 text-right text-sm text-neutral-text/70">
        {formatRelativeTime(bid.createdAt, now)}
      </time>
    </span>
  );
}

import { type AuctionBidView, formatRelativeTime, formatWholeDollars, RECENT_BIDS_ON_DETAIL } from '@bid/contract';
import { TrendingUp } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useNow } from '@/lib/useNow';

/** docs/product.md §2 "Recent bids": the latest 5 with bidder first name, amount and relative time. */
export function RecentBids({ bids }: { bids: readonly AuctionBidView[] }) {
  const now = useNow();
  const latest = bids.slice(0, RECENT_BIDS_ON_DETAIL);
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <TrendingUp aria-hidden="true" className="size-5 text-primary" />
        Recent Bids
      </h2>
      {latest.length === 0 ? (
        <p className="mt-4 text-neutral-text/70">No bids yet. Be the first to bid!</p>
      ) : (
        <ol className="mt-4 divide-y divide-black/5" aria-label="Recent bids">
          {latest.map((bid) => (
            <li key={bid.id} className="flex items-center justify-between gap-4 py-3" data-testid="recent-bid">
              <span className="font-medium">{bid.bidder.firstName?.trim() || 'Anonymous'}</span>
              <span className="flex items-center gap-4">
                <span className="font-semibold text-primary">{formatWholeDollars(bid.amount)}</span>
                <time dateTime={bid.createdAt} className="w-16 text-right text-sm text-neutral-text/70">
                  {formatRelativeTime(bid.createdAt, now)}
                </time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

import { type AuctionBidView, RECENT_BIDS_ON_DETAIL } from '@bid/contract';
import { TrendingUp } from 'lucide-react';
import { useNow } from '@/lib/useNow';
import { BidAmountAndTime, BidsCard } from './BidsCard';

/** docs/product.md §2 "Recent bids": the latest 5 with bidder first name, amount and relative time. */
export function RecentBids({ bids }: { bids: readonly AuctionBidView[] }) {
  const now = useNow();
  const latest = bids.slice(0, RECENT_BIDS_ON_DETAIL);
  return (
    <BidsCard
      icon={TrendingUp}
      title="Recent Bids"
      emptyText="No bids yet. Be the first to bid!"
      isEmpty={latest.length === 0}
    >
      <ol className="mt-4 divide-y divide-black/5" aria-label="Recent bids">
        {latest.map((bid) => (
          <li key={bid.id} className="flex items-center justify-between gap-4 py-3" data-testid="recent-bid">
            <span className="font-medium">{bid.bidder.firstName?.trim() || 'Anonymous'}</span>
            <BidAmountAndTime bid={bid} now={now} />
          </li>
        ))}
      </ol>
    </BidsCard>
  );
}

import { type AuctionBidView, RECENT_BIDS_ON_DETAIL } from '@bid/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/apiClient';
import { onMutationError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';
import { AUCTIONS_KEY } from '../api/auctionCache';
import { useBidHistory } from '../api/bidHistory';
import { BidAmountAndTime, BidsCard } from './BidsCard';
import { useNow } from '@/lib/useNow';

interface BidHistoryProps {
  auctionId: string;
  bidCount: number;
  viewerId: string | undefined;
  /** Moderators can void a bid from here (docs/auctions.md "Voiding bids"). */
  isModerator: boolean;
  isOpen: boolean;
}

/**
 * The auction page's one list of bids (docs/web-app.md "Auction page"): the latest
 * RECENT_BIDS_ON_DETAIL (docs/product.md §2 "Recent bids"), then every bid on "Show all". Each
 * row: amount, time and the bidder as "Ada L." (the same for everyone, host and moderators
 * included), automatic steps labelled, the viewer's own bids highlighted.
 */
export function BidHistory({ auctionId, bidCount, viewerId, isModerator, isOpen }: BidHistoryProps) {
  const now = useNow();
  const { data: bids = [] } = useBidHistory(auctionId, bidCount);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? bids : bids.slice(0, RECENT_BIDS_ON_DETAIL);
  return (
    <BidsCard
      icon={History}
      title="Recent Bids"
      emptyText="No bids yet. Be the first to bid!"
      isEmpty={bids.length === 0}
    >
      <ol className="mt-4 max-h-96 divide-y divide-black/5 overflow-y-auto" aria-label="Bid history">
        {shown.map((bid) => {
          const isOwn = viewerId !== undefined && bid.bidder.id === viewerId;
          return (
            <li
              key={bid.id}
              className={cn('grid gap-2 px-2 py-3', isOwn && 'rounded-md bg-primary/10')}
              data-testid="bid-history-row"
              data-own={isOwn ? 'true' : undefined}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2 font-medium">
                  {bid.bidder.displayName}
                  {isOwn && <span className="text-xs font-semibold text-primary">(you)</span>}
                  {bid.isAutomatic && (
                    <span className="rounded-full bg-secondary/60 px-2 py-0.5 text-xs text-neutral-text/80">
                      automatic
                    </span>
                  )}
                </span>
                <BidAmountAndTime bid={bid} now={now} />
              </div>
              {isModerator && isOpen && <VoidBidControl bid={bid} />}
            </li>
          );
        })}
      </ol>
      {bids.length > RECENT_BIDS_ON_DETAIL && (
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show recent bids' : `Show all ${bids.length} bids`}
        </Button>
      )}
    </BidsCard>
  );
}

/** POST /api/moderation/bids/{id}/void {reason}: the member's bids on the auction go, the price is recomputed. */
function VoidBidControl({ bid }: { bid: AuctionBidView }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const voidBid = useMutation({
    mutationFn: async () => {
      await api('voidBid', { params: { id: bid.id }, body: { reason } });
    },
    onSuccess: async () => {
      toast({ title: 'Bid voided', description: `${bid.bidder.displayName}'s bids were removed.` });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: AUCTIONS_KEY });
    },
    onError: (error) => onMutationError(error, { title: 'Void failed', description: 'Could not void the bid.' }),
  });
  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setOpen(true)}>
        Void bid
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() !== '') voidBid.mutate();
  };
  return (
    <form className="flex flex-wrap gap-2" onSubmit={onSubmit} aria-label={`Void ${bid.bidder.displayName}'s bid`}>
      <Input
        aria-label="Reason for voiding"
        placeholder="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="max-w-xs"
      />
      <Button type="submit" size="sm" variant="destructive" disabled={reason.trim() === '' || voidBid.isPending}>
        Confirm void
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}

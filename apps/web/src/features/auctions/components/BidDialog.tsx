import {
  type AuctionListItem,
  bidTooLowMessage,
  formatAmountPlain,
  formatWholeDollars,
  MAXIMUM_RAISED_TITLE,
  maximumRaisedMessage,
  minimumNextBidCents,
  outbidByAutomaticBidMessage,
  parseMoneyToCents,
  QUICK_BID_STEPS,
  RAISE_YOUR_MAXIMUM,
} from '@bid/contract';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/useAuth';
import { PaymentMethodRequiredNotice } from '@/components/PaymentMethodRequiredNotice';
import { useHasPaymentMethod } from '@/lib/useHasPaymentMethod';
import { onMutationError } from '@/lib/unauthorized';
import { usePlaceBid } from '../api/placeBid';
import { ReserveStatus } from './ReserveStatus';
import { hasCompleteProfile } from '../profileGate';

export type BiddableAuction = Pick<AuctionListItem, 'id' | 'title' | 'currentBid' | 'startingBid' | 'bidCount'> &
  Partial<Pick<AuctionListItem, 'reserveMet'>>;

interface BidDialogProps {
  auction: BiddableAuction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The viewer leads: their new bid only raises their maximum (docs/auctions.md), and the dialog
   * says so instead of "Place Your Bid".
   */
  leading?: boolean;
}

/** docs/product.md §2 "Bid dialog". The form mounts with the dialog, so each opening starts at the current minimum. */
export function BidDialog({ auction, open, onOpenChange, leading = false }: BidDialogProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={leading ? RAISE_YOUR_MAXIMUM : 'Place Your Bid'}
      description={
        <>
          {auction.title} · Current bid {formatWholeDollars(auction.currentBid)}
        </>
      }
      headerExtra={<ReserveStatus reserveMet={auction.reserveMet} />}
    >
      <BidForm auction={auction} leading={leading} onDone={() => onOpenChange(false)} />
    </TitledDialog>
  );
}

/** Why the typed amount cannot be sent, or null when it can. Empty is not a problem to announce, only to block. */
export function bidAmountProblem(amount: string, minCents: number): string | null {
  if (amount.trim() === '') return null;
  const cents = parseMoneyToCents(amount);
  if (cents === undefined) return 'Please enter a valid bid amount';
  return cents < minCents ? bidTooLowMessage(minCents) : null;
}

function BidForm({ auction, leading, onDone }: { auction: BiddableAuction; leading: boolean; onDone: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const minCents = minimumNextBidCents(auction);
  const [amount, setAmount] = useState(() => formatAmountPlain(minCents));
  const placeBid = usePlaceBid();
  // docs/product.md §1: the winner's card is charged when the auction ends, so a bid needs one on file.
  const hasPaymentMethod = useHasPaymentMethod();

  const cents = parseMoneyToCents(amount);
  const problem = bidAmountProblem(amount, minCents);
  const canSubmit =
    !placeBid.isPending &&
    hasPaymentMethod !== false &&
    amount.trim() !== '' &&
    cents !== undefined &&
    problem === null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || cents === undefined) return;
    // docs/product.md §5: a complete profile is required before bidding; nothing is sent otherwise.
    if (!hasCompleteProfile(user, 'bid')) return;
    placeBid.mutate(
      { auctionId: auction.id, amountCents: cents },
      {
        onSuccess: (result) => {
          if (result.outbidByAutomaticBid) {
            // Stored and counted, but another member's maximum answered it at once (docs/auctions.md).
            const next = (parseMoneyToCents(result.auction?.currentBid ?? '') ?? cents) + 100;
            toast({
              title: "You've been outbid",
              description: outbidByAutomaticBidMessage(next),
              variant: 'destructive',
            });
          } else if (leading) {
            // The price stays where it was; only the leader's private maximum went up.
            toast({ title: MAXIMUM_RAISED_TITLE, description: maximumRaisedMessage(cents) });
          } else {
            toast({
              title: 'Bid Placed Successfully!',
              description: `Your bid of $${formatAmountPlain(cents)} has been placed`,
            });
          }
          onDone();
        },
        onError: (error) =>
          onMutationError(error, { title: 'Bid Failed', description: 'Failed to place bid. Please try again.' }),
      },
    );
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} aria-label="Place your bid">
      <TextField
        label="Your bid ($)"
        id={`${id}-amount`}
        descriptionId={`${id}-hint`}
        description={<>Minimum bid: ${formatAmountPlain(minCents)}</>}
        error={problem}
        errorRole="alert"
        type="number"
        inputMode="decimal"
        step={1}
        min={formatAmountPlain(minCents)}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />

      <div className="grid gap-2">
        <span className="text-sm font-medium" id={`${id}-quick`}>
          Quick bid
        </span>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-quick`}>
          {QUICK_BID_STEPS.map((step) => {
            const quickCents = minCents + step * 100;
            return (
              <Button
                key={step}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setAmount(formatAmountPlain(quickCents))}
                // The name starts with the visible text, so speech users can say what they see.
                aria-label={`+$${step}: bid $${formatAmountPlain(quickCents)}`}
              >
                +${step}
              </Button>
            );
          })}
        </div>
      </div>

      {hasPaymentMethod === false && <PaymentMethodRequiredNotice />}

      <p className="flex gap-2 rounded-md bg-secondary/30 p-3 text-xs text-neutral-text/80">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          Your card will only be charged if you win this auction. By placing a bid, you agree to our{' '}
          <Link href="/terms" className="font-medium text-primary underline">
            Terms of Service
          </Link>
          .
        </span>
      </p>

      <DialogFooter>
        <Button type="submit" disabled={!canSubmit} className="w-full sm:w-auto">
          {placeBid.isPending ? 'Placing Bid...' : leading ? RAISE_YOUR_MAXIMUM : 'Place Bid'}
        </Button>
      </DialogFooter>
    </form>
  );
}

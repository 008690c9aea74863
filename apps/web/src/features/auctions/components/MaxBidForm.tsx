import {
  type AuctionDetail,
  formatAmountPlain,
  formatWholeDollars,
  minimumNextBidCents,
  outbidByAutomaticBidMessage,
  parseMoneyToCents,
} from '@bid/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { mutationErrorText } from '@/lib/unauthorized';
import { usePlaceBid } from '../api/placeBid';

type MaxBidAuction = Pick<AuctionDetail, 'id' | 'currentBid' | 'startingBid' | 'bidCount' | 'myMaxAmount'>;

/**
 * An automatic bid (docs/auctions.md): the member names the most they will pay and the product
 * bids for them, one step at a time, only as far as needed. Their maximum is private: they see
 * "Your maximum: $X" and can raise it.
 */
export function MaxBidForm({ auction }: { auction: MaxBidAuction }) {
  const id = useId();
  const minCents = minimumNextBidCents(auction);
  // What the field suggests: the next bid, or for a member with a maximum already, a dollar above
  // that maximum: raising it to less than it is would be no raise (issue 38).
  const currentMaxCents = auction.myMaxAmount ? (parseMoneyToCents(auction.myMaxAmount) ?? 0) : 0;
  const suggestedCents = Math.max(minCents, currentMaxCents > 0 ? currentMaxCents + 100 : 0);
  const [max, setMax] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const maxCents = parseMoneyToCents(max);

  const setMaximum = usePlaceBid();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (maxCents === undefined || setMaximum.isPending) return;
    setMaximum.mutate(
      // The visible bid starts at the minimum; the server raises it only when a rival forces it.
      { auctionId: auction.id, amountCents: Math.min(minCents, maxCents), maxCents },
      {
        onSuccess: (result) => {
          setMax('');
          setError(null);
          if (result.outbidByAutomaticBid) {
            const next = (parseMoneyToCents(result.auction.currentBid) ?? 0) + 100;
            setAnswer(outbidByAutomaticBidMessage(next));
          } else {
            setAnswer(null);
            toast({
              title: 'Maximum bid set',
              description: `We'll bid for you up to ${formatWholeDollars(result.maxAmount ?? '0')}.`,
            });
          }
        },
        onError: (err) => setError(mutationErrorText(err, 'Failed to set your maximum. Please try again.')),
      },
    );
  };

  return (
    <Card className="grid gap-3 p-6" data-testid="max-bid">
      <h2 className="text-lg font-semibold">Automatic bidding</h2>
      {auction.myMaxAmount ? (
        <p className="font-medium" data-testid="my-max">
          Your maximum: {formatWholeDollars(auction.myMaxAmount)}
        </p>
      ) : (
        <p className="text-sm text-neutral-text/80">
          Set the most you would pay. We bid for you, one step at a time, only as far as needed.
        </p>
      )}
      <form className="grid gap-2" noValidate onSubmit={onSubmit} aria-label="Set a maximum bid">
        <TextField
          label={auction.myMaxAmount ? 'Raise your maximum ($)' : 'Your maximum bid ($)'}
          id={`${id}-max`}
          type="number"
          inputMode="decimal"
          step={1}
          min={formatAmountPlain(suggestedCents)}
          placeholder={formatAmountPlain(suggestedCents)}
          value={max}
          onChange={(event) => setMax(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={maxCents === undefined || setMaximum.isPending}>
          {auction.myMaxAmount ? 'Raise Maximum' : 'Set Maximum'}
        </Button>
      </form>
      {answer && (
        <p
          role="status"
          className="rounded-md bg-secondary/40 px-3 py-2 text-sm font-medium"
          data-testid="max-bid-answer"
        >
          {answer}
        </p>
      )}
      <FormError role="alert">{error}</FormError>
    </Card>
  );
}

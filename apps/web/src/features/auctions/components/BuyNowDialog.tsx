import { formatWholeDollars } from '@bid/contract';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/useAuth';
import { PaymentMethodRequiredNotice } from '@/components/PaymentMethodRequiredNotice';
import { useHasPaymentMethod } from '@/lib/useHasPaymentMethod';
import { onMutationError } from '@/lib/unauthorized';
import { useBuyNow } from '../api/buyNow';
import { hasCompleteProfile } from '../profileGate';

interface BuyNowDialogProps {
  auction: { id: string; title: string; buyNowPrice: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Buy Now (its click behaviour is not shown in docs/product.md §2; see docs): a confirmation, then the
 * auction closes at the buy-now price with the buyer as winner. Like a bid, it needs a complete profile.
 */
export function BuyNowDialog({ auction, open, onOpenChange }: BuyNowDialogProps) {
  const { user } = useAuth();
  const buyNow = useBuyNow();
  const price = formatWholeDollars(auction.buyNowPrice);

  const confirm = () => {
    if (!hasCompleteProfile(user, 'bid')) return;
    buyNow.mutate(auction.id, {
      onSuccess: () => {
        toast({ title: 'You Won!', description: `You bought "${auction.title}" for ${price}.` });
        onOpenChange(false);
      },
      onError: (error) =>
        onMutationError(error, { title: 'Buy Now Failed', description: 'Failed to buy now. Please try again.' }),
    });
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !buyNow.isPending && onOpenChange(next)}
      title={<>Buy Now for {price}?</>}
      description={<>The auction ends at once and you win the date. Your card is charged {price}.</>}
    >
      <BuyNowActions isPending={buyNow.isPending} onCancel={() => onOpenChange(false)} onConfirm={confirm} />
    </TitledDialog>
  );
}

/** Mounts with the dialog, so the member's payment methods are read each time it opens. */
function BuyNowActions({
  isPending,
  onCancel,
  onConfirm,
}: {
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Buying now wins at once and the card is charged then, so it needs one on file.
  const hasPaymentMethod = useHasPaymentMethod();
  return (
    <>
      {hasPaymentMethod === false && <PaymentMethodRequiredNotice />}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={isPending || hasPaymentMethod === false}>
          {isPending ? 'Confirming...' : 'Confirm'}
        </Button>
      </DialogFooter>
    </>
  );
}

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useCancelAuction } from '../api/manageAuction';

interface CancelAuctionDialogProps {
  /** The auction to cancel; the dialog is closed while there is none. */
  auction: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** docs/product.md §2 "Modals: cancel-auction confirmation"; docs/product.md §4: cancelling is irreversible and bidders are notified. */
export function CancelAuctionDialog({ auction, onOpenChange }: CancelAuctionDialogProps) {
  const cancelAuction = useCancelAuction();

  const confirm = () => {
    if (!auction) return;
    cancelAuction.mutate(auction.id, {
      onSuccess: () => {
        toast({ title: 'Auction Cancelled', description: `"${auction.title}" has been cancelled.` });
        onOpenChange(false);
      },
      onError: (error) =>
        onMutationError(error, { title: 'Cancellation Failed', description: 'Failed to cancel auction' }),
    });
  };

  return (
    <ConfirmDialog
      open={auction !== null}
      onOpenChange={onOpenChange}
      isPending={cancelAuction.isPending}
      title="Cancel this auction?"
      description={`${auction ? `"${auction.title}" will stop taking bids right away. ` : ''}Cancelling cannot be undone, and everyone who has bid on it will be notified.`}
      keepLabel="Keep Auction"
      confirmLabel="Cancel Auction"
      onConfirm={confirm}
    />
  );
}

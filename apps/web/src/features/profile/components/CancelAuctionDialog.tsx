import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useCancelAuction } from '../api/manageAuction';

interface CancelAuctionDialogProps {
  /** The auction to cancel; the dialog is closed while there is none. */
  auction: { id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2 "Modals: cancel-auction confirmation"; SPEC §4: cancelling is irreversible and bidders are notified. */
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
    <Dialog
      open={auction !== null}
      onOpenChange={(open) => {
        // Closing while the call runs would hide its outcome; the buttons are disabled meanwhile too.
        if (!open && cancelAuction.isPending) return;
        onOpenChange(open);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel this auction?</DialogTitle>
          <DialogDescription>
            {auction ? `"${auction.title}" will stop taking bids right away. ` : ''}
            Cancelling cannot be undone, and everyone who has bid on it will be notified.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={cancelAuction.isPending}
          >
            Keep Auction
          </Button>
          <Button type="button" variant="destructive" onClick={confirm} disabled={cancelAuction.isPending}>
            Cancel Auction
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

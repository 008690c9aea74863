import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useEndDate } from '../api/dateState';
import { errorText } from '../people';

/** 'End date', behind a confirmation: the end time decides how the payment is settled. */
export function EndDateButton({ auctionId }: { auctionId: string }) {
  const end = useEndDate(auctionId);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button type="button" variant="destructive" onClick={() => setIsConfirming(true)}>
        End date
      </Button>
      {end.isError && !isConfirming && (
        <p role="alert" className="text-sm text-danger">
          {errorText(end.error)}
        </p>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        isPending={end.isPending}
        title="End the date?"
        description="Date Mode stops for both of you, and the payment is settled by the time you spent together. This cannot be undone."
        keepLabel="Keep going"
        confirmLabel="End date"
        pendingLabel="Ending..."
        onConfirm={() => end.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
      />
    </>
  );
}

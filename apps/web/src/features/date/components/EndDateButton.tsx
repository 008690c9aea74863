import { useEndDate } from '../api/dateState';
import { ConfirmedDateAction } from './ConfirmedDateAction';

/** 'End date', behind a confirmation: the end time decides how the payment is settled. */
export function EndDateButton({ auctionId }: { auctionId: string }) {
  const end = useEndDate(auctionId);
  return (
    <ConfirmedDateAction
      action={end}
      label="End date"
      variant="destructive"
      confirm={{
        title: 'End the date?',
        description:
          'Date Mode stops for both of you, and the payment is settled by the time you spent together. This cannot be undone.',
        keepLabel: 'Keep going',
        pendingLabel: 'Ending...',
      }}
    />
  );
}

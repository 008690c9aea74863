import { DATE_MESSAGES, REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH, REFUND_TIMING_TEXT } from '@bid/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextAreaField } from '@/components/ui/form-field';
import { useRequestRefund } from '../api/dateState';
import { errorText } from '../people';

/** The winner's "Request a refund": a reason for the moderators, who decide within the dispute window. */
export function RefundRequestDialog({ auctionId }: { auctionId: string }) {
  const id = useId();
  const request = useRequestRefund(auctionId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    const localProblem =
      trimmed.length < REFUND_REASON_MIN_LENGTH
        ? DATE_MESSAGES.reasonTooShort
        : trimmed.length > REFUND_REASON_MAX_LENGTH
          ? DATE_MESSAGES.reasonTooLong
          : undefined;
    setProblem(localProblem);
    if (localProblem) return;
    request.mutate(trimmed, {
      onSuccess: () => setOpen(false),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Request a refund
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(next) => {
          if (!next && request.isPending) return;
          setOpen(next);
          if (next) setProblem(undefined);
        }}
        title="Request a refund"
        description={
          <>
            Tell our moderators what went wrong. The host&apos;s share is held until they decide. {REFUND_TIMING_TEXT}.
          </>
        }
        onSubmit={onSubmit}
        onCancel={() => setOpen(false)}
        busy={request.isPending}
        submitLabel="Send request"
        busyLabel="Sending..."
      >
        <TextAreaField
          label="What went wrong?"
          id={`${id}-reason`}
          className="gap-1.5"
          descriptionId={`${id}-count`}
          description={`${reason.trim().length}/${REFUND_REASON_MAX_LENGTH} characters (at least ${REFUND_REASON_MIN_LENGTH})`}
          error={problem}
          errorRole="alert"
          rows={5}
          value={reason}
          maxLength={REFUND_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormDialog>
    </>
  );
}

import { DATE_MESSAGES, REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH, REFUND_TIMING_TEXT } from '@bid/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormControl, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && request.isPending) return;
        setOpen(next);
        if (next) setProblem(undefined);
      }}
    >
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Request a refund
      </Button>
      <DialogContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>Request a refund</DialogTitle>
            <DialogDescription>
              Tell our moderators what went wrong. The host&apos;s share is held until they decide. {REFUND_TIMING_TEXT}
              .
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="What went wrong?"
            id={`${id}-reason`}
            className="gap-1.5"
            descriptionId={`${id}-count`}
            description={`${reason.trim().length}/${REFUND_REASON_MAX_LENGTH} characters (at least ${REFUND_REASON_MIN_LENGTH})`}
            error={problem}
            errorRole="alert"
          >
            <FormControl>
              <Textarea
                rows={5}
                value={reason}
                maxLength={REFUND_REASON_MAX_LENGTH}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormControl>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={request.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

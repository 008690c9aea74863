import { PAYMENT_FIX_WINDOW_HOURS, type PaymentRecord, REFUND_TIMING_TEXT, SERVICE_FEE_RATE } from '@bid/contract';
import { AlertTriangle, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { usePayments } from '../api/listPayments';
import { useAnswerOffer } from '../api/answerOffer';
import { useRetryPayment } from '../api/retryPayment';
import { PaymentsSection } from './PaymentsSection';
import {
  formatAmountLessFee,
  formatDeadline,
  formatDollarsAndCents,
  formatPaymentDate,
  PAYMENT_KIND_LABELS,
  paymentStatusLabel,
} from '@/lib/paymentFormat';

const FEE_PERCENT = `${Math.round(SERVICE_FEE_RATE * 100)}%`;

const STATUS_VARIANTS: Record<string, 'success' | 'muted' | 'outline' | 'secondary'> = {
  succeeded: 'success',
  held: 'secondary',
  failed: 'outline',
  expired: 'muted',
  refunded: 'muted',
  released: 'secondary',
  paid: 'success',
};

/** The Payments list under the saved methods: what I paid for dates I won, earned from dates I hosted, and got back. */
export function PaymentsHistory() {
  const { data, isLoading, isError } = usePayments();
  const payments = data?.payments ?? [];

  return (
    <PaymentsSection
      headingId="payments-heading"
      title="Payments"
      intro={
        <>
          Charges for dates you won, earnings from dates you hosted, their release and payout, and refunds. The service
          fee is {FEE_PERCENT} of each winning bid.
        </>
      }
    >
      {isLoading ? (
        <p className="py-6 text-center text-neutral-text/70" role="status">
          Loading your payments...
        </p>
      ) : isError ? (
        <p className="py-6 text-center text-neutral-text/70" role="status">
          Your payments could not be loaded. Please try again later.
        </p>
      ) : payments.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center p-8 text-center text-neutral-text/80">
            <Receipt aria-hidden="true" className="mb-3 size-10 text-primary" />
            <p>No payments yet. When you win an auction or one of yours is won, it shows up here.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Payments">
          {payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </PaymentsSection>
  );
}

function feeNote(payment: PaymentRecord): string | null {
  // A release or payout is the host's share, already net of the fee: nothing to add.
  if (payment.kind === 'release' || payment.kind === 'payout') return null;
  const fee = formatDollarsAndCents(payment.fee);
  if (fee === '$0.00') return null;
  if (payment.kind === 'earning') {
    return `Less ${fee} service fee (${FEE_PERCENT}): you receive ${formatAmountLessFee(payment.amount, payment.fee)}`;
  }
  return `Includes ${fee} service fee (${FEE_PERCENT})`;
}

function PaymentRow({ payment }: { payment: PaymentRecord }) {
  const note = feeNote(payment);
  const isFailedCharge = payment.kind === 'charge' && payment.status === 'failed';
  const isOffer = payment.kind === 'charge' && payment.status === 'offered';
  return (
    <li data-testid="payment-row">
      <Card>
        <CardContent className="grid gap-3 p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <PaymentTitle payment={payment} />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-text/80">
                <Badge variant="outline">{PAYMENT_KIND_LABELS[payment.kind]}</Badge>
                <time dateTime={payment.createdAt}>{formatPaymentDate(payment.createdAt)}</time>
              </div>
            </div>
            <div className="grid justify-items-end gap-1 text-right">
              <span className="text-lg font-semibold">{formatDollarsAndCents(payment.amount)}</span>
              <Badge variant={STATUS_VARIANTS[payment.status] ?? 'outline'}>
                {paymentStatusLabel(payment.kind, payment.status)}
              </Badge>
            </div>
          </div>
          {note && <p className="text-sm text-neutral-text/80">{note}</p>}
          {payment.kind === 'refund' && <p className="text-sm text-neutral-text/80">{REFUND_TIMING_TEXT}</p>}
          {isFailedCharge && <FailedCharge payment={payment} />}
          {isOffer && <SecondChanceOffer payment={payment} />}
        </CardContent>
      </Card>
    </li>
  );
}

function AuctionLink({ payment }: { payment: PaymentRecord }) {
  return (
    <Link href={`/auction/${payment.auctionId}`} className="font-semibold text-primary hover:underline">
      {payment.auctionTitle}
    </Link>
  );
}

/** What the row is: the auction itself for a charge or earning; what happened to the money for the date's later steps. */
function PaymentTitle({ payment }: { payment: PaymentRecord }) {
  const prefix =
    payment.kind === 'release' ? 'Released: your share of ' : payment.kind === 'refund' ? 'Refund for ' : null;
  if (payment.kind === 'payout') {
    return (
      <p className="truncate">
        <span className="font-semibold">Payout to your account</span>
        <span className="text-sm text-neutral-text/80">
          {' '}
          · <AuctionLink payment={payment} />
        </span>
      </p>
    );
  }
  return (
    <p className="truncate">
      {prefix}
      <AuctionLink payment={payment} />
    </p>
  );
}

/** A declined charge: why, until when the member can fix it, and a retry once their card is updated. */
function FailedCharge({ payment }: { payment: PaymentRecord }) {
  const retry = useRetryPayment();
  const canRetry = payment.payBy === null || new Date(payment.payBy).getTime() > Date.now();
  const amount = formatDollarsAndCents(payment.amount);

  const onRetry = () =>
    retry.mutate(payment.id, {
      onSuccess: (record) => {
        if (record.status === 'succeeded') {
          toast({
            title: 'Payment Successful',
            description: `Your payment of ${amount} for "${record.auctionTitle}" went through.`,
          });
        } else if (record.status === 'failed') {
          toast({
            title: 'Payment Failed',
            description: record.failureMessage || 'The payment did not go through. Please update your payment method.',
            variant: 'destructive',
          });
        } else {
          toast({ title: 'Payment Processing', description: `Your payment of ${amount} is being processed.` });
        }
      },
      onError: (error) =>
        onMutationError(error, { title: 'Payment Failed', description: 'Failed to retry payment. Please try again.' }),
    });

  return (
    <div
      className="flex gap-3 rounded-md border border-danger/40 bg-danger/5 p-3 text-sm"
      role="group"
      aria-label="Payment problem"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div className="grid gap-2">
        {payment.failureMessage && <p className="font-medium">{payment.failureMessage}</p>}
        {canRetry ? (
          <>
            <p>
              Update your payment method above, then retry
              {payment.payBy ? (
                <>
                  {' '}
                  by <time dateTime={payment.payBy}>{formatDeadline(payment.payBy)}</time>
                </>
              ) : (
                ` within ${PAYMENT_FIX_WINDOW_HOURS} hours`
              )}
              . After that, the date is offered to the next-highest bidder.
            </p>
            <div>
              <Button type="button" size="sm" onClick={onRetry} disabled={retry.isPending}>
                {retry.isPending ? 'Retrying...' : 'Retry payment'}
              </Button>
            </div>
          </>
        ) : (
          <p>The time to fix this payment has passed, so the date is offered to the next-highest bidder.</p>
        )}
      </div>
    </div>
  );
}

/**
 * A second chance offer: the winner could not pay, so the date is offered to this member at their
 * own highest bid. Nothing is charged unless they accept before the deadline.
 */
function SecondChanceOffer({ payment }: { payment: PaymentRecord }) {
  const answer = useAnswerOffer();
  const isOpen = payment.payBy !== null && new Date(payment.payBy).getTime() > Date.now();
  const amount = formatDollarsAndCents(payment.amount);

  const onAnswer = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { id: payment.id, answer: choice },
      {
        onSuccess: (record) => {
          if (choice === 'decline') {
            toast({ title: 'Offer Declined', description: `You will not be charged for "${record.auctionTitle}".` });
          } else if (record.status === 'succeeded') {
            toast({
              title: 'Payment Successful',
              description: `The date is yours: your payment of ${amount} for "${record.auctionTitle}" went through.`,
            });
          } else if (record.status === 'failed') {
            toast({
              title: 'Payment Failed',
              description:
                record.failureMessage || 'The payment did not go through. Please update your payment method.',
              variant: 'destructive',
            });
          } else {
            toast({ title: 'Payment Processing', description: `Your payment of ${amount} is being processed.` });
          }
        },
        onError: (error) =>
          onMutationError(error, {
            title: choice === 'accept' ? 'Offer Not Accepted' : 'Offer Not Declined',
            description: 'Please try again.',
          }),
      },
    );

  return (
    <div
      className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm"
      role="group"
      aria-label="Second chance offer"
    >
      {isOpen ? (
        <>
          <p>
            The winner could not pay, so this date is offered to you for your bid of {amount}. You are charged only if
            you accept
            {payment.payBy && (
              <>
                {' '}
                by <time dateTime={payment.payBy}>{formatDeadline(payment.payBy)}</time>
              </>
            )}
            .
          </p>
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={() => onAnswer('accept')} disabled={answer.isPending}>
              {answer.isPending && answer.variables?.answer === 'accept' ? 'Accepting...' : 'Accept offer'}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => onAnswer('decline')}
              disabled={answer.isPending}
            >
              Decline
            </Button>
          </div>
        </>
      ) : (
        <p>This offer has expired. You have not been charged.</p>
      )}
    </div>
  );
}

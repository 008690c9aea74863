import { type PaymentRecord, WINNER_PAYMENT_TEXT } from '@bid/contract';
import { CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDeadline, formatDollarsAndCents, paymentMethodLabel } from '@/lib/paymentFormat';
import { usePaymentMethods } from '@/lib/paymentMethods';
import { onMutationError } from '@/lib/unauthorized';
import { usePayments } from '../api/listPayments';
import { useRetryPayment } from '../api/retryPayment';

/**
 * The winner's charge for one auction (GET /api/payments), or undefined while it is unknown or
 * when there is none: the auction page shows the date's plan only once it has `succeeded`.
 */
export function useWinnerCharge(auctionId: string | undefined): PaymentRecord | undefined {
  // While the charge is being collected (seconds, by the lifecycle job) look again, so the plan
  // appears without a reload.
  const { data } = usePayments({
    enabled: auctionId !== undefined,
    refetchInterval: (query) =>
      query.state.data?.payments.some(
        (p) => p.auctionId === auctionId && (p.status === 'pending' || p.status === 'processing'),
      )
        ? 5_000
        : false,
  });
  return data?.payments.find((payment) => payment.auctionId === auctionId && payment.kind === 'charge');
}

/**
 * On a won auction's page, for its winner until the payment has gone through (docs/web-app.md
 * "Ended auctions and the winner's next step"): what happens now, and the action when the card
 * was declined: pay now with the saved card (the retry of docs/charging-and-ledger.md) before the
 * deadline, or add a card first.
 */
export function WinnerPaymentCard({ charge }: { charge: PaymentRecord }) {
  const retry = useRetryPayment();
  const { data: methods } = usePaymentMethods();
  const card = methods?.paymentMethods[0];
  const amount = formatDollarsAndCents(charge.amount);
  const open = charge.payBy === null || new Date(charge.payBy).getTime() > Date.now();

  let body;
  if (charge.status === 'pending' || charge.status === 'processing') {
    body = <p className="text-sm">{WINNER_PAYMENT_TEXT.processing(amount)}</p>;
  } else if (charge.status === 'failed' && open) {
    // mutateAsync, not mutate's callbacks: a payment that went through removes this card at once,
    // and the callbacks of an unmounted caller never run, so the toast would be lost.
    const onPay = () =>
      retry.mutateAsync(charge.id).then(
        (record) => {
          if (record.status === 'succeeded') {
            toast({ title: WINNER_PAYMENT_TEXT.paid, description: WINNER_PAYMENT_TEXT.retried });
          } else {
            toast({
              title: WINNER_PAYMENT_TEXT.stillFailing,
              description: record.failureMessage ?? WINNER_PAYMENT_TEXT.stillFailing,
              variant: 'destructive',
            });
          }
        },
        (error: unknown) =>
          onMutationError(error, {
            title: WINNER_PAYMENT_TEXT.stillFailing,
            description: WINNER_PAYMENT_TEXT.stillFailing,
          }),
      );
    body = (
      <>
        {charge.failureMessage && (
          <p className="text-sm font-medium" data-testid="winner-payment-failure">
            {charge.failureMessage}
          </p>
        )}
        <p className="text-sm" data-testid="winner-payment-deadline">
          {WINNER_PAYMENT_TEXT.failed(amount, charge.payBy ? formatDeadline(charge.payBy) : '')}
        </p>
        {card ? (
          <Button onClick={() => void onPay()} disabled={retry.isPending}>
            {WINNER_PAYMENT_TEXT.payNow(paymentMethodLabel(card))}
          </Button>
        ) : methods ? (
          <>
            <p className="text-sm">{WINNER_PAYMENT_TEXT.addCardFirst}</p>
            <Button asChild>
              <Link href="/profile?tab=payments">{WINNER_PAYMENT_TEXT.addCard}</Link>
            </Button>
          </>
        ) : null}
      </>
    );
  } else if (charge.status === 'failed' || charge.status === 'expired') {
    body = <p className="text-sm">{WINNER_PAYMENT_TEXT.expired}</p>;
  } else {
    return null;
  }

  return (
    <section
      aria-label={WINNER_PAYMENT_TEXT.heading}
      className="grid gap-3 rounded-md border border-primary/30 bg-primary/5 p-4"
      data-testid="winner-payment"
      data-status={charge.status}
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <CreditCard aria-hidden="true" className="size-4 text-primary" />
        {WINNER_PAYMENT_TEXT.heading}
      </h2>
      {body}
    </section>
  );
}

import { type DateState, REFUND_TIMING_TEXT } from '@bid/contract';
import { Badge } from '@/components/ui/badge';
import { formatDollarsAndCents, isPositiveAmount } from '@/lib/paymentFormat';
import { useReleasePayment } from '../api/dateState';
import { formatPlanDateTime } from '../format';
import { ConfirmedDateAction } from './ConfirmedDateAction';
import { RefundRequestDialog } from './RefundRequestDialog';

type Settlement = NonNullable<DateState['settlement']>;
type RefundRequest = NonNullable<DateState['refundRequest']>;
type Refund = NonNullable<DateState['refund']>;

const SETTLEMENT_REASON_TEXT: Record<Settlement['reason'], string> = {
  full_length: 'You spent the agreed time together.',
  shorter_than_agreed: 'The date was shorter than agreed: the host receives their share for the time together.',
  host_no_show: 'The host did not check in: everything goes back to the winner.',
  winner_no_show: 'The winner did not check in: the host receives their full share.',
  winner_confirmed: 'The winner confirmed the date went well: the host receives their full share.',
  moderator: 'A moderator decided how the payment is split.',
};

const REFUND_REQUEST_STATUS_TEXT: Record<RefundRequest['status'], string> = {
  open: 'With our moderators',
  granted: 'Granted: everything back',
  partial: 'Partly granted',
  denied: 'Not granted',
};

const REFUND_STATUS_TEXT: Record<Refund['status'], string> = {
  pending: 'Pending',
  processing: 'On its way',
  succeeded: 'Sent',
  failed: 'Failed: our team is looking into it',
};

interface SettlementSummaryProps {
  state: DateState;
  now: number;
  readOnly: boolean;
}

/** After the date: where the money goes, the dispute window, and the winner's refund or early release. */
export function SettlementSummary({ state, now, readOnly }: SettlementSummaryProps) {
  const { settlement, refundRequest, refund } = state;
  if (!settlement) {
    return <p className="text-sm text-neutral-text/80">The payment is being settled.</p>;
  }
  const isReleased = settlement.releasedAt !== null;
  const isWinner = !readOnly && state.viewerRole === 'winner';
  const isDisputeOpen = now < new Date(settlement.disputeUntil).getTime();
  const canRequestRefund = isWinner && !isReleased && refundRequest === null && isDisputeOpen;
  const canRelease = isWinner && !isReleased && refundRequest?.status !== 'open';

  return (
    <section aria-labelledby="settlement-heading" className="grid gap-4" data-testid="settlement">
      <h2 id="settlement-heading" className="flex items-center gap-2 font-semibold">
        The payment
        {isReleased && <Badge variant="success">Released</Badge>}
      </h2>
      <p className="text-sm">{SETTLEMENT_REASON_TEXT[settlement.reason]}</p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-text/70">Winning bid</dt>
        <dd className="text-right font-medium">{formatDollarsAndCents(state.amount)}</dd>
        <dt className="text-neutral-text/70">Service fee</dt>
        <dd className="text-right font-medium">{formatDollarsAndCents(settlement.fee)}</dd>
        <dt className="text-neutral-text/70">Host&apos;s share</dt>
        <dd className="text-right font-medium">{formatDollarsAndCents(settlement.hostShare)}</dd>
        <dt className="text-neutral-text/70">Refund to the winner</dt>
        <dd className="text-right font-medium">{formatDollarsAndCents(settlement.refund)}</dd>
        {settlement.minutesTogether !== null && (
          <>
            <dt className="text-neutral-text/70">Time together</dt>
            <dd className="text-right font-medium">{`${settlement.minutesTogether} min of ${state.expectedDuration} min`}</dd>
          </>
        )}
      </dl>
      <p className="text-sm text-neutral-text/80">
        {isReleased && settlement.releasedAt
          ? `Released ${formatPlanDateTime(settlement.releasedAt)}.`
          : `Refund requests are open until ${formatPlanDateTime(settlement.disputeUntil)}; the host's share is released after that.`}
      </p>

      {refundRequest && (
        <div className="grid gap-1 rounded-lg bg-secondary/30 p-3 text-sm" data-testid="refund-request-status">
          <p>
            <span className="font-medium">Refund request:</span> {REFUND_REQUEST_STATUS_TEXT[refundRequest.status]}
            {refundRequest.status === 'partial' && refundRequest.amount
              ? ` (${formatDollarsAndCents(refundRequest.amount)})`
              : ''}
          </p>
          {refundRequest.note && <p className="text-neutral-text/80">{refundRequest.note}</p>}
        </div>
      )}

      {!refund && isPositiveAmount(settlement.refund) && (
        <p className="text-sm" data-testid="refund-status">
          {REFUND_TIMING_TEXT}
        </p>
      )}
      {refund && (
        <div className="grid gap-1 rounded-lg bg-secondary/30 p-3 text-sm" data-testid="refund-status">
          <p>
            <span className="font-medium">{`Refund of ${formatDollarsAndCents(refund.amount)}:`}</span>{' '}
            {REFUND_STATUS_TEXT[refund.status]}
          </p>
          <p>{REFUND_TIMING_TEXT}</p>
        </div>
      )}

      {(canRequestRefund || canRelease) && (
        <div className="flex flex-wrap gap-2">
          {canRelease && <ReleasePaymentButton auctionId={state.auctionId} />}
          {canRequestRefund && <RefundRequestDialog auctionId={state.auctionId} />}
        </div>
      )}
    </section>
  );
}

/**
 * "Everything went well": the winner pays the host their full share now (docs/the-date.md),
 * without waiting out the dispute window, whatever the check-ins say.
 */
function ReleasePaymentButton({ auctionId }: { auctionId: string }) {
  const release = useReleasePayment(auctionId);
  return (
    <ConfirmedDateAction
      action={release}
      label="Release payment now"
      errorClassName="w-full"
      confirm={{
        title: "Release the host's payment now?",
        description:
          'Everything went well: the host receives their full share now, whatever the time together, and a refund can no longer be requested.',
        keepLabel: 'Not yet',
        pendingLabel: 'Releasing...',
      }}
    />
  );
}

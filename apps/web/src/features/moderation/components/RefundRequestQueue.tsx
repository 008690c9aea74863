import { decideRefundSchema, type RefundDecision, type RefundRequestQueueItem } from '@bid/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormError, TextAreaField, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { formatAmountLessFee, formatDeadline, formatDollarsAndCents } from '@/lib/paymentFormat';
import { mutationErrorText } from '@/lib/unauthorized';
import { useDecideRefundRequest, useRefundRequestQueue } from '../api/refundRequests';

/** The settlement rule's reasons (docs/the-date.md), as a moderator reads them. */
const RULE_REASON_LABELS: Record<string, string> = {
  full_length: 'together for the agreed length',
  shorter_than_agreed: 'shorter than agreed',
  host_no_show: 'the host did not check in',
  winner_no_show: 'the winner did not check in',
  winner_confirmed: 'the winner confirmed it went well',
};

const DECISION_TOASTS: Record<RefundDecision, string> = {
  full: 'Refunded in full.',
  partial: 'Refunded in part.',
  deny: 'Refund denied.',
};

/** The moderators' queue of refund requests from winners, oldest first (docs/the-date.md). */
export function RefundRequestQueue() {
  const { data, isLoading, isError } = useRefundRequestQueue();
  const requests = data?.requests ?? [];

  return (
    <section aria-labelledby="refund-requests-title" className="space-y-3">
      <h2 id="refund-requests-title" className="text-xl font-semibold">
        Refund requests
      </h2>
      <p className="text-sm text-neutral-text/80">
        Winners who asked for their money back. Compare the request with the check-ins and what the rule would give,
        then decide.
      </p>
      {isLoading ? (
        <p>Loading refund requests...</p>
      ) : isError ? (
        <p role="alert">Failed to load refund requests.</p>
      ) : requests.length === 0 ? (
        <p>No open refund requests.</p>
      ) : (
        <ul className="space-y-3" aria-label="Refund requests">
          {requests.map((item) => (
            <RefundRequestItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RefundRequestItem({ item }: { item: RefundRequestQueueItem }) {
  const hostShare = formatAmountLessFee(item.amount, item.fee);

  return (
    <li
      data-testid="refund-request-row"
      aria-label={`Refund request for ${item.auctionTitle}`}
      className="space-y-3 rounded-lg border border-black/10 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link href={`/auction/${item.auctionId}`} className="font-semibold text-primary hover:underline">
          {item.auctionTitle}
        </Link>
        <span className="text-sm text-neutral-text/70">
          Requested <time dateTime={item.createdAt}>{formatDeadline(item.createdAt)}</time>
        </span>
      </div>
      <p className="text-sm">
        Winner <Link href={`/users/${item.winner.id}`}>{item.winner.firstName}</Link> · Host{' '}
        <Link href={`/users/${item.host.id}`}>{item.host.firstName}</Link>
      </p>
      <blockquote className="border-l-4 border-primary/40 pl-3 text-sm">“{item.reason}”</blockquote>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Fact term="Paid">
          {formatDollarsAndCents(item.amount)}, of which {formatDollarsAndCents(item.fee)} service fee (host&apos;s
          share {hostShare})
        </Fact>
        <Fact term="Plan">
          {item.plan ? (
            <>
              {item.plan.place}, <Time iso={item.plan.startsAt} />
            </>
          ) : (
            'No plan agreed'
          )}
        </Fact>
        <Fact term="Host checked in">
          <Time iso={item.hostArrivedAt} fallback="Never" />
        </Fact>
        <Fact term="Winner checked in">
          <Time iso={item.winnerArrivedAt} fallback="Never" />
        </Fact>
        <Fact term="Ended">
          <Time iso={item.endedAt} fallback="Not ended yet" />
        </Fact>
        <Fact term="The rule gives">
          {item.ruleSettlement
            ? `${formatDollarsAndCents(item.ruleSettlement.hostShare)} to the host, ${formatDollarsAndCents(
                item.ruleSettlement.refund,
              )} back to the winner (${RULE_REASON_LABELS[item.ruleSettlement.reason] ?? item.ruleSettlement.reason})`
            : 'Nothing yet: the date has not ended'}
        </Fact>
      </dl>
      <RefundDecisionForm item={item} hostShare={hostShare} />
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-neutral-text/80">{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Time({ iso, fallback = '' }: { iso: string | null; fallback?: string }) {
  return iso ? <time dateTime={iso}>{formatDeadline(iso)}</time> : <>{fallback}</>;
}

/**
 * Full (everything back, the fee included), part (an amount of the host's share back to the
 * winner) or deny. The contract's schema checks the input here too, so its words show at once.
 */
function RefundDecisionForm({ item, hostShare }: { item: RefundRequestQueueItem; hostShare: string }) {
  const ids = useId();
  const decide = useDecideRefundRequest();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (decision: RefundDecision) => {
    setProblem('');
    setAmountError('');
    const parsed = decideRefundSchema.safeParse({
      decision,
      note,
      // '$1,250.50' reads as money to a person; the API takes '1250.50'.
      amount: decision === 'partial' ? amount.replace(/[$,\s]/g, '') || undefined : undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'amount') setAmountError(issue.message);
      else setProblem(issue?.message ?? 'Check the decision.');
      return;
    }
    decide.mutate(
      { id: item.id, decision: parsed.data },
      {
        onSuccess: () => toast({ title: 'Refund Request Decided', description: DECISION_TOASTS[decision] }),
        onError: (error) => setProblem(mutationErrorText(error, 'The decision could not be saved. Try again.') ?? ''),
      },
    );
  };

  return (
    <div className="grid gap-3 border-t border-black/10 pt-3">
      <TextAreaField
        label="Note with the decision"
        id={`${ids}-note`}
        className="gap-1"
        value={note}
        maxLength={500}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
      />
      <TextField
        label="Amount to refund (for part)"
        id={`${ids}-amount`}
        className="gap-1 sm:max-w-xs"
        descriptionId={`${ids}-amount-hint`}
        description={<>Part of the host&apos;s share ({hostShare}) that goes back to the winner.</>}
        error={amountError}
        inputMode="decimal"
        placeholder="0.00"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setAmountError('');
        }}
      />
      <FormError role="alert">{problem}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={decide.isPending} onClick={() => submit('full')}>
          Refund in full
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => submit('partial')}>
          Refund part
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => submit('deny')}>
          Deny
        </Button>
      </div>
    </div>
  );
}

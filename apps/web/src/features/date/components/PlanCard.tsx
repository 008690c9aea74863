import type { DateState } from '@bid/contract';
import { CalendarHeart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/useAuth';
import { ApiError } from '@/lib/api';
import { useAcceptPlan, useDateState } from '../api/dateState';
import { formatPlanDateTime } from '../format';
import { useDateLiveUpdates } from '../hooks';
import { errorText, firstNameOf, otherPersonOf } from '../people';
import { ProposePlanForm } from './ProposePlanForm';

/**
 * The date's plan, pinned at the top of an auction chat: propose a time and place, accept the
 * other person's proposal (or propose another), and once agreed, the way into Date Mode.
 * Renders nothing for a chat whose date this viewer cannot see.
 */
export function PlanCard({ auctionId }: { auctionId: string }) {
  const { user } = useAuth();
  const date = useDateState(auctionId);
  useDateLiveUpdates(auctionId, user?.id);

  if (date.isError) {
    // 409: the winner has not paid yet; the server's message says so. Anything else: no card.
    if (date.error instanceof ApiError && date.error.status === 409) {
      return <PlanCardFrame>{errorText(date.error)}</PlanCardFrame>;
    }
    return null;
  }
  if (!date.data) return null;
  return (
    <PlanCardFrame>
      <PlanCardBody state={date.data} myId={user?.id} />
    </PlanCardFrame>
  );
}

function PlanCardFrame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Date plan"
      data-testid="plan-card"
      className="flex gap-3 border-b border-black/10 bg-secondary/20 px-4 py-3 text-sm"
    >
      <CalendarHeart aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-2">{children}</div>
    </section>
  );
}

function PlanCardBody({ state, myId }: { state: DateState; myId: string | undefined }) {
  const accept = useAcceptPlan(state.auctionId);
  const [isProposing, setIsProposing] = useState(false);
  const otherName = firstNameOf(otherPersonOf(state));
  const { proposal, plan } = state;
  const canChange = state.viewerRole !== 'moderator' && !state.dateMode.startedAt && !state.dateMode.endedAt;
  const isMyProposal = proposal !== null && proposal.proposedBy === myId;

  if (isProposing || (!proposal && !plan && canChange)) {
    return (
      <ProposePlanForm
        auctionId={state.auctionId}
        onProposed={() => setIsProposing(false)}
        onCancel={isProposing ? () => setIsProposing(false) : undefined}
      />
    );
  }

  const proposeAnother = canChange && (
    <Button type="button" size="sm" variant="outline" onClick={() => setIsProposing(true)}>
      Propose another
    </Button>
  );

  return (
    <>
      {plan && (
        <p>
          <span className="font-semibold">Agreed:</span> {plan.place}, {formatPlanDateTime(plan.startsAt)}{' '}
          <Link href={`/auctions/${state.auctionId}/date`} className="font-medium text-primary underline">
            Open Date Mode
          </Link>
        </p>
      )}
      {proposal && (
        <div className="grid gap-2" data-testid="plan-proposal">
          <p>
            <span className="font-semibold">{isMyProposal ? 'You proposed' : `${otherName} proposed`}:</span>{' '}
            {proposal.place}, {formatPlanDateTime(proposal.startsAt)}
          </p>
          {isMyProposal && <p className="text-neutral-text/80">{`Waiting for ${otherName} to accept`}</p>}
        </div>
      )}
      {canChange && (
        <div className="flex flex-wrap gap-2">
          {proposal && !isMyProposal && (
            <Button type="button" size="sm" disabled={accept.isPending} onClick={() => accept.mutate()}>
              Accept
            </Button>
          )}
          {proposeAnother}
        </div>
      )}
      {accept.isError && (
        <p role="alert" className="text-danger">
          {errorText(accept.error)}
        </p>
      )}
    </>
  );
}

import { arrivalCheckInOpensAt, arrivalOpensText, type DateState } from '@bid/contract';
import { Button } from '@/components/ui/button';
import { useNow } from '@/lib/useNow';
import { useCheckIn } from '../api/dateState';
import { formatClock } from '../format';
import { type DatePerson, errorText, firstNameOf } from '../people';
import { PersonAvatar } from './PersonAvatar';

interface ArrivalCheckInsProps {
  state: DateState;
  readOnly: boolean;
}

/**
 * "I've arrived" for each person. The arrivals decide how the money is settled (docs/the-date.md),
 * so each person checks in only for themselves, and only once Date Mode runs.
 */
export function ArrivalCheckIns({ state, readOnly }: ArrivalCheckInsProps) {
  const checkIn = useCheckIn(state.auctionId);
  const { startedAt, endedAt, hostArrivedAt, winnerArrivedAt } = state.dateMode;
  const canCheckIn = !readOnly && startedAt !== null && endedAt === null;
  // Shown when it opens, as "Start Date Mode" is (issue 38): an arrival earlier than the server
  // accepts would only answer with an error.
  const opensAt = state.plan ? arrivalCheckInOpensAt(state.plan.startsAt) : null;
  const now = useNow({ wakeAt: opensAt?.toISOString() });
  const arrivalOpen = opensAt === null || now >= opensAt.getTime();
  const rows: Array<{ person: DatePerson; arrivedAt: string | null; isMe: boolean }> = [
    { person: state.host, arrivedAt: hostArrivedAt, isMe: state.viewerRole === 'host' },
    { person: state.winner, arrivedAt: winnerArrivedAt, isMe: state.viewerRole === 'winner' },
  ];
  // The viewer's own row first.
  rows.sort((a, b) => Number(b.isMe) - Number(a.isMe));

  return (
    <section aria-labelledby="arrivals-heading" className="grid gap-3">
      <h2 id="arrivals-heading" className="font-semibold">
        Check-ins
      </h2>
      <ul className="grid gap-2">
        {rows.map(({ person, arrivedAt, isMe }) => (
          <li key={person.id} className="flex items-center gap-3" data-testid="arrival-row">
            <PersonAvatar person={person} className="size-9 text-sm" />
            <span className="min-w-0 flex-1 font-medium">{isMe ? 'You' : firstNameOf(person)}</span>
            {arrivedAt ? (
              <span className="text-sm text-success">{`Arrived ${formatClock(arrivedAt)}`}</span>
            ) : isMe && canCheckIn && !arrivalOpen && opensAt ? (
              <span className="text-sm text-neutral-text/80" data-testid="arrival-opens">
                {arrivalOpensText(formatClock(opensAt.toISOString()))}
              </span>
            ) : isMe && canCheckIn ? (
              <Button type="button" size="sm" disabled={checkIn.isPending} onClick={() => checkIn.mutate('arrived')}>
                I&apos;ve arrived
              </Button>
            ) : (
              <span className="text-sm text-neutral-text/70">Not checked in yet</span>
            )}
          </li>
        ))}
      </ul>
      {checkIn.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorText(checkIn.error)}
        </p>
      )}
    </section>
  );
}

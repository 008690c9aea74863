import { type DateState, SAFE_CHECK_IN_INTERVALS } from '@bid/contract';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, SelectField } from '@/components/ui/form-field';
import { useCheckIn } from '../api/dateState';
import { formatClock } from '../format';
import { type SafeCheckInInterval, useSafeCheckInInterval } from '../hooks';
import { errorText, firstNameOf } from '../people';

interface SafeCheckInProps {
  state: DateState;
  now: number;
  readOnly: boolean;
}

/** The reminder intervals a member can choose, in minutes. */
const INTERVAL_OPTIONS = SAFE_CHECK_IN_INTERVALS.map((minutes) => ({
  value: String(minutes),
  label: `${minutes} minutes`,
}));

/** When the viewer is due to say "I'm safe" again: their interval after their last check-in (or the start). */
export function safeCheckInDueAt(state: DateState, intervalMinutes: number): number | undefined {
  const { startedAt, endedAt } = state.dateMode;
  if (!startedAt || endedAt || state.viewerRole === 'moderator') return undefined;
  const mine = state.viewerRole === 'host' ? state.dateMode.hostSafeAt : state.dateMode.winnerSafeAt;
  return new Date(mine ?? startedAt).getTime() + intervalMinutes * 60_000;
}

/**
 * "I'm safe" check-ins while the date runs. Nobody is alerted when one is missed; the prompt only
 * reminds the viewer, at the interval they chose (kept on this device, per date).
 */
export function SafeCheckIn({ state, now, readOnly }: SafeCheckInProps) {
  const id = useId();
  const checkIn = useCheckIn(state.auctionId);
  const [interval, setInterval] = useSafeCheckInInterval(state.auctionId);
  const { startedAt, endedAt, hostSafeAt, winnerSafeAt } = state.dateMode;
  const isRunning = startedAt !== null && endedAt === null;
  const dueAt = safeCheckInDueAt(state, interval);
  const isDue = !readOnly && dueAt !== undefined && now >= dueAt;
  const sayImSafe = () => checkIn.mutate('safe');

  const lastSafe = [
    { label: state.viewerRole === 'host' ? 'You' : firstNameOf(state.host), at: hostSafeAt },
    { label: state.viewerRole === 'winner' ? 'You' : firstNameOf(state.winner), at: winnerSafeAt },
  ];

  return (
    <section aria-labelledby="safe-heading" className="grid gap-3">
      <h2 id="safe-heading" className="font-semibold">
        I&apos;m safe check-ins
      </h2>
      {isDue && (
        <div role="alert" className="grid gap-2 rounded-lg border-2 border-danger bg-danger/10 p-4">
          <p className="text-lg font-bold">Are you OK?</p>
          <Button type="button" size="lg" disabled={checkIn.isPending} onClick={sayImSafe}>
            <ShieldCheck aria-hidden="true" />
            Check in: I&apos;m safe
          </Button>
        </div>
      )}
      <ul className="grid gap-1 text-sm">
        {lastSafe.map(({ label, at }) => (
          <li key={label}>
            <span className="font-medium">{label}:</span>{' '}
            {at ? `last "I'm safe" ${formatClock(at)}` : 'no "I\'m safe" yet'}
          </li>
        ))}
      </ul>
      {isRunning && !readOnly && (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Remind me every"
            id={`${id}-interval`}
            className="gap-1.5"
            controlClassName="w-36"
            value={interval}
            onChange={(event) => setInterval(Number(event.target.value) as SafeCheckInInterval)}
            options={INTERVAL_OPTIONS}
          />
          <Button type="button" variant="outline" disabled={checkIn.isPending} onClick={sayImSafe}>
            I&apos;m safe
          </Button>
        </div>
      )}
      <FormError role="alert">{checkIn.isError && errorText(checkIn.error)}</FormError>
    </section>
  );
}

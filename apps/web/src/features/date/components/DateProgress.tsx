import { type DateState, formatDateModeOpening } from '@bid/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useNow } from '@/lib/useNow';
import { useStartDateMode } from '../api/dateState';
import { formatClock, minutesSince } from '../format';
import { errorText } from '../people';

interface DateProgressProps {
  state: DateState;
  now: number;
  readOnly: boolean;
}

/** "Start Date Mode" until it has started; then the time so far against the agreed length. */
export function DateProgress({ state, now, readOnly }: DateProgressProps) {
  const start = useStartDateMode(state.auctionId);
  const { startedAt, endedAt, opensAt } = state.dateMode;
  const opensId = useId();
  const open = useOpenAt(opensAt);

  if (!startedAt) {
    if (endedAt) return null;
    return (
      <div className="grid gap-2">
        {opensAt && !open && (
          <p id={opensId} className="text-sm font-medium" data-testid="date-mode-opens">
            {formatDateModeOpening(opensAt, now)}
          </p>
        )}
        {readOnly ? (
          <p className="text-sm text-neutral-text/80">Date Mode has not started.</p>
        ) : (
          <Button
            type="button"
            size="lg"
            // Closed until the opening time the server enforces (the same rule, from the contract).
            disabled={start.isPending || !open}
            aria-describedby={opensAt && !open ? opensId : undefined}
            onClick={() => start.mutate()}
          >
            Start Date Mode
          </Button>
        )}
        {start.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorText(start.error)}
          </p>
        )}
      </div>
    );
  }

  const until = endedAt ? new Date(endedAt).getTime() : now;
  const elapsed = minutesSince(startedAt, until);
  const expected = state.expectedDuration;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <span className="font-semibold" data-testid="date-elapsed">{`${elapsed} min of ${expected} min`}</span>
        <span className="text-neutral-text/70">{` · started ${formatClock(startedAt)}`}</span>
      </p>
      <div
        role="progressbar"
        aria-label="Time together"
        aria-valuemin={0}
        aria-valuemax={expected}
        aria-valuenow={Math.min(elapsed, expected)}
        className="h-2 overflow-hidden rounded-full bg-black/10"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${Math.min(100, (elapsed / Math.max(1, expected)) * 100)}%` }}
        />
      </div>
    </div>
  );
}

/**
 * Whether `opensAt` has come, turning true by itself at that instant (the clock wakes then, not
 * on the page's 5 s tick, so the button enables on the minute the page shows). No opening time: open.
 */
function useOpenAt(opensAt: string | null): boolean {
  const now = useNow({ wakeAt: opensAt });
  return opensAt === null || now >= new Date(opensAt).getTime();
}

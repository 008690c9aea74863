import { COUNTDOWN_SECONDS_WITHIN_MS, formatCountdown, formatCountdownPrecise, isCountdownUrgent } from '@bid/contract';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { serverNow } from '@/lib/serverClock';
import { useNow } from '@/lib/useNow';

interface CountdownProps {
  endTime: string;
  className?: string;
  /**
   * The auction page's countdown (docs/web-app.md "Where you stand"): seconds in the last hour,
   * urgent (red) in the last five minutes, and 'Ended' as soon as the auction is no longer active
   * (Buy Now ends it before its end time).
   */
  precise?: boolean;
  isActive?: boolean;
}

/** docs/product.md §4 countdown ('2d 4h', '3h 12m', '45m', 'Ended'), refreshed every 60 s and at the end time. */
export function Countdown({ endTime, className, precise = false, isActive = true }: CountdownProps) {
  const closing = precise && isActive && new Date(endTime).getTime() - serverNow() < COUNTDOWN_SECONDS_WITHIN_MS;
  const now = useNow({ wakeAt: endTime, every: closing ? 1000 : undefined });
  let label: string;
  if (!isActive) label = 'Ended';
  else label = precise ? formatCountdownPrecise(endTime, now) : formatCountdown(endTime, now);
  const urgent = precise && isActive && isCountdownUrgent(endTime, now);
  return (
    <span
      className={cn('inline-flex items-center gap-1 tabular-nums', urgent && 'font-bold text-danger', className)}
      data-urgent={urgent ? 'true' : undefined}
    >
      <Clock aria-hidden="true" className="size-4" />
      <span>
        <span className="sr-only">Time left: </span>
        {label}
      </span>
    </span>
  );
}

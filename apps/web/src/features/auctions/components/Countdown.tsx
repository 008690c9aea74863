import { formatCountdown } from '@bid/contract';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useNow } from '../useNow';

/** SPEC §4 countdown ('2d 4h', '3h 12m', '45m', 'Ended'), refreshed every 60 s and at the end time. */
export function Countdown({ endTime, className }: { endTime: string; className?: string }) {
  const now = useNow(endTime);
  const label = formatCountdown(endTime, now);
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <Clock aria-hidden="true" className="size-4" />
      <span>
        <span className="sr-only">Time left: </span>
        {label}
      </span>
    </span>
  );
}

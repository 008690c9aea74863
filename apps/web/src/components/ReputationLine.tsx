import { formatReputation, isTopHost, REPUTATION_COPY, type Reputation } from '@bid/contract';
import { Award } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A member's reliability in words (docs/trust-and-safety.md "Reliability"): "12 dates · always
 * showed up · ★ 4.8 (9)" or "New host", with the "Top host" badge when earned.
 */
export function ReputationLine({ reputation, className }: { reputation: Reputation; className?: string }) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)} data-testid="reputation">
      <span>{formatReputation(reputation)}</span>
      {isTopHost(reputation) && <TopHostBadge />}
    </span>
  );
}

export function TopHostBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <Award aria-hidden="true" className="size-3.5" />
      {REPUTATION_COPY.topHost}
    </span>
  );
}

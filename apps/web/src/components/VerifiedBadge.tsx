import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * The verified-identity mark (docs/trust-and-safety.md): shown next to a member's name on
 * profiles, auction cards and the auction page when their identity is verified.
 */
export function VerifiedBadge({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  return (
    <span
      role="img"
      aria-label="Verified identity"
      title="Verified identity"
      data-testid="verified-badge"
      className={cn('inline-flex items-center gap-1 align-middle text-sky-700', className)}
    >
      <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
      {withLabel && (
        <span aria-hidden="true" className="text-xs font-semibold">
          Verified
        </span>
      )}
    </span>
  );
}

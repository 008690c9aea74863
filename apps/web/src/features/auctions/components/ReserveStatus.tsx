import { RESERVE_WORDS } from '@bid/contract';
import { cn } from '@/lib/utils';

/**
 * "Reserve not met" / "Reserve met" (docs/auctions.md, "Reserve price"): shown on the auction page,
 * the cards and the bid dialog of an auction with a reserve price, never the amount. A live region,
 * so a bidder hears the reserve being met when a bid_update says so.
 */
export function ReserveStatus({
  reserveMet,
  className,
  live = false,
}: {
  reserveMet: boolean | undefined;
  className?: string;
  /** The auction page's: announced when it changes (a list of cards would be too noisy). */
  live?: boolean;
}) {
  if (reserveMet === undefined) return null;
  return (
    <p
      {...(live ? { role: 'status', 'aria-live': 'polite' as const } : {})}
      data-testid="reserve-status"
      className={cn(
        'inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        reserveMet ? 'bg-success text-white' : 'bg-secondary/60 text-neutral-text',
        className,
      )}
    >
      {reserveMet ? RESERVE_WORDS.met : RESERVE_WORDS.notMet}
    </p>
  );
}

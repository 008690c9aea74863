import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { onMutationError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';
import { useToggleWatch } from '../api/watch';

interface WatchButtonProps {
  auctionId: string;
  isWatched: boolean;
  /** Shown beside the heart on the auction page ("3 watching"). */
  watcherCount?: number;
  className?: string;
}

/** The heart on cards and the auction page: watch or stop watching (the watchlist, docs/auctions.md). */
export function WatchButton({ auctionId, isWatched, watcherCount, className }: WatchButtonProps) {
  const toggle = useToggleWatch();
  // Shown at once; the lists read again when the server answered.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const watching = optimistic ?? isWatched;

  const onClick = () => {
    const next = !watching;
    setOptimistic(next);
    toggle.mutate(
      { auctionId, watch: next },
      {
        onSettled: () => setOptimistic(null),
        onError: (error) =>
          onMutationError(error, {
            title: 'Watchlist',
            description: 'Could not update your watchlist. Please try again.',
          }),
      },
    );
  };

  return (
    <Button
      type="button"
      variant="ghost"
      size={watcherCount === undefined ? 'icon' : 'sm'}
      className={cn('relative z-10', className)}
      aria-pressed={watching}
      // The name holds the visible count too, so speech users can say what they see.
      aria-label={`${watching ? 'Stop watching this auction' : 'Watch this auction'}${
        watcherCount === undefined ? '' : `, ${watcherCount} watching`
      }`}
      data-testid="watch-button"
      onClick={onClick}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5', watching ? 'fill-current text-primary' : 'text-neutral-text/70')}
      />
      {watcherCount !== undefined && <span className="text-sm">{watcherCount} watching</span>}
    </Button>
  );
}

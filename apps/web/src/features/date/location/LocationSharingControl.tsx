import { LOCATION_SHARE_INTERVAL_MS } from '@bid/contract';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { formatClock } from '../format';
import type { LocationSharing } from './useLocationSharing';

/**
 * "Share my location", off until the member turns it on (docs/the-date.md). Shown only while
 * Date Mode runs: before and after, there is nothing to follow.
 */
export function LocationSharingControl({ sharing }: { sharing: LocationSharing }) {
  const id = useId();
  const minutes = Math.round(LOCATION_SHARE_INTERVAL_MS / 60_000);
  return (
    <div className="grid gap-2 rounded-md border border-black/10 p-3">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-primary"
          checked={sharing.on}
          onChange={(event) => (event.target.checked ? sharing.turnOn() : sharing.turnOff())}
        />
        <MapPin aria-hidden="true" className="size-4" />
        Share my location
      </label>
      <p className="text-xs text-neutral-text/70">
        {sharing.on
          ? `Sent about every ${minutes} minute while Date Mode runs. Only the last position is kept, and it is deleted when you turn this off or the date ends.`
          : 'Off: your friend does not see where you are.'}
      </p>
      {sharing.on && sharing.position && (
        <p className="text-sm" role="status" data-testid="my-location-status">
          {`Location shared. Last updated ${formatClock(sharing.position.recordedAt)}`}
        </p>
      )}
      {sharing.problem && (
        <p role="alert" className="text-sm text-danger">
          {sharing.problem}
        </p>
      )}
    </div>
  );
}

import { SAFE_CHECK_IN_INTERVALS, userChannel } from '@bid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useRealtimeChannel } from '@/lib/realtime';
import { dateKey } from './api/dateState';

/**
 * The server publishes `date_updated` on each participant's own channel whenever the date
 * changes (the other person checked in, ended it, a moderator decided a refund): read it again.
 */
export function useDateLiveUpdates(auctionId: string, myId: string | undefined): void {
  const queryClient = useQueryClient();
  useRealtimeChannel(myId ? userChannel(myId) : null, (event) => {
    if (event.type !== 'date_updated' || event.auctionId !== auctionId) return;
    void queryClient.invalidateQueries({ queryKey: dateKey(auctionId) });
  });
}

export type SafeCheckInInterval = (typeof SAFE_CHECK_IN_INTERVALS)[number];
export const DEFAULT_SAFE_CHECK_IN_INTERVAL: SafeCheckInInterval = 30;

export const safeIntervalStorageKey = (auctionId: string) => `date-safe-interval:${auctionId}`;

function readInterval(auctionId: string): SafeCheckInInterval {
  try {
    const stored = Number(window.localStorage.getItem(safeIntervalStorageKey(auctionId)));
    return (SAFE_CHECK_IN_INTERVALS as readonly number[]).includes(stored)
      ? (stored as SafeCheckInInterval)
      : DEFAULT_SAFE_CHECK_IN_INTERVAL;
  } catch {
    return DEFAULT_SAFE_CHECK_IN_INTERVAL;
  }
}

/** How often this person wants the "I'm safe" prompt; remembered per date on this device only. */
export function useSafeCheckInInterval(auctionId: string): [SafeCheckInInterval, (value: SafeCheckInInterval) => void] {
  const [interval, setIntervalState] = useState(() => readInterval(auctionId));
  const setInterval = useCallback(
    (value: SafeCheckInInterval) => {
      setIntervalState(value);
      try {
        window.localStorage.setItem(safeIntervalStorageKey(auctionId), String(value));
      } catch {
        // Private mode or a full storage: the choice lasts for this visit only.
      }
    },
    [auctionId],
  );
  return [interval, setInterval];
}

import { COUNTDOWN_REFRESH_MS } from '@bid/contract';
import { useEffect, useState } from 'react';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The current time, refreshed every `refreshMs` (docs/product.md §9: countdowns every 60 s) and once more
 * right after `wakeAt`, so an auction flips to ended at its end time and not up to a minute later.
 */
export function useNow(wakeAt?: string | number | Date, refreshMs: number = COUNTDOWN_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  const wakeMs = wakeAt === undefined ? undefined : new Date(wakeAt).getTime();
  useEffect(() => {
    if (wakeMs === undefined || Number.isNaN(wakeMs)) return;
    const delay = wakeMs - Date.now();
    if (delay < 0 || delay > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => setNow(Date.now()), delay + 50);
    return () => clearTimeout(timer);
  }, [wakeMs]);

  return now;
}

import { useEffect, useState } from 'react';

/** docs/product.md §9: countdowns refresh every 60 s. */
export const NOW_REFRESH_MS = 60_000;

/** The current time, refreshed every minute, so countdowns and open/ended states move on by themselves. */
export function useNow(intervalMs: number = NOW_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

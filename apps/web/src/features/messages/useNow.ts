import { useEffect, useState } from 'react';

/** Relative times ('5m', '2h') move on while the chat stays open. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

export function useNow(refreshMs: number = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}

import { COUNTDOWN_REFRESH_MS } from '@bid/contract';
import { useEffect, useState } from 'react';
import { onServerClockChange, serverNow } from './serverClock';

/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Relative times ('5m', '2h') in an open chat move on this often. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

export interface UseNowOptions {
  /** How often the time moves on; docs/product.md §9: countdowns every 60 s (the default). */
  every?: number;
  /**
   * An instant to wake up at as well (an auction's end, a button's opening time), so what turns
   * on it flips then and not up to `every` later.
   */
  wakeAt?: string | number | Date | null;
}

/**
 * The current time in milliseconds (the server's, serverClock.ts), the one ticking clock of the web
 * app: countdowns, relative times ("5m ago") and open/ended states read it and move on by themselves.
 */
export function useNow({ every = COUNTDOWN_REFRESH_MS, wakeAt }: UseNowOptions = {}): number {
  const [now, setNow] = useState(() => serverNow());

  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), every);
    // The server's test clock moved (serverClock.ts): everything reading the time moves with it.
    const unsubscribe = onServerClockChange(() => setNow(serverNow()));
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [every]);

  const wakeMs = wakeAt === undefined || wakeAt === null ? undefined : new Date(wakeAt).getTime();
  useEffect(() => {
    if (wakeMs === undefined || Number.isNaN(wakeMs)) return;
    const delay = wakeMs - serverNow();
    if (delay < 0 || delay > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(() => setNow(serverNow()), delay + 50);
    return () => clearTimeout(timer);
  }, [wakeMs]);

  return now;
}

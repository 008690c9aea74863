import { publicConfig } from './config';
import { api } from './apiClient';

/**
 * The server's time as the web app reads it. Everywhere but on a server whose test clock is on
 * (docs/payments.md, "The test clock"), it is the browser's own time. With the test clock the
 * server may be hours or days ahead, so what the page decides from the time (Date Mode opening,
 * the elapsed time of a date, countdowns, whether a proposed time is in the future) follows the
 * offset read from GET /api/sandbox/clock: at start, when the window regains focus, and every
 * SERVER_CLOCK_REFRESH_MS.
 */

/** How often the offset is read again while the test clock is on. */
export const SERVER_CLOCK_REFRESH_MS = 30_000;

let offsetMs = 0;
const listeners = new Set<() => void>();

/** Milliseconds since the epoch on the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Calls `listener` whenever the offset changes; answers the unsubscribe. */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes a server time read between `sentAt` and `receivedAt` (browser times), as NTP would. */
export function followServerTime(serverIso: string, sentAt: number, receivedAt: number): void {
  const server = Date.parse(serverIso);
  if (Number.isNaN(server)) return;
  const next = Math.round(server - (sentAt + receivedAt) / 2);
  // Under a second apart is the round trip's noise, not a move of the clock.
  if (Math.abs(next - offsetMs) < 1000) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

async function readServerClock(): Promise<void> {
  const sentAt = Date.now();
  try {
    // Signed out (401): the pages that read the time closely are signed-in ones; keep the offset.
    const clock = await api('getSandboxClock', {}, { unauthorizedAsNull: true });
    if (clock) followServerTime(clock.now, sentAt, Date.now());
  } catch {
    // Offline, the server restarting or refusing: the last offset stands until the next read.
  }
}

let started = false;

/** Starts following the server's test clock when it is on (once; App calls it). */
export function startServerClock(): void {
  if (started || !publicConfig.testClock || typeof window === 'undefined') return;
  started = true;
  void readServerClock();
  window.addEventListener('focus', () => void readServerClock());
  window.setInterval(() => void readServerClock(), SERVER_CLOCK_REFRESH_MS);
}

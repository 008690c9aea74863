import { SANDBOX_CLOCK_MAX_OFFSET_MINUTES, SANDBOX_CLOCK_MESSAGES, type SandboxClock } from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Realtime } from '../realtime/hub.js';
import type { AppClock } from './app-clock.js';
import { advanceClockOffset, readClockOffset } from './sandbox-clock.repository.js';

/** How often an instance reads the offset anyway, in case it missed a move on the bus. */
export const SANDBOX_CLOCK_REFRESH_MS = 10_000;

export interface SandboxClockDeps {
  db: Db;
  clock: AppClock;
  realtime: Pick<Realtime, 'publishClockMoved'>;
  /** Runs every background job once at the clock's time (app.ts): closing, the date, retention, the outbox. */
  runDueJobs: () => Promise<void>;
}

function present(clock: AppClock): SandboxClock {
  return { now: clock.now().toISOString(), offsetMinutes: clock.offsetMinutes() };
}

/** GET /api/sandbox/clock: the database's offset (so any instance answers the same), as this instance now keeps it. */
export async function getSandboxClock(deps: SandboxClockDeps): Promise<SandboxClock> {
  deps.clock.follow(await readClockOffset(deps.db));
  return present(deps.clock);
}

/**
 * POST /api/sandbox/clock: moves the clock forward for every instance, then runs the jobs that
 * became due, so the answer comes once auctions past their end are closed and charged, overdue
 * dates settled and due releases, refunds and payouts made (docs/payments.md, "The test clock").
 */
export async function advanceSandboxClock(deps: SandboxClockDeps, advanceMinutes: number): Promise<SandboxClock> {
  const offset = await advanceClockOffset(deps.db, advanceMinutes, SANDBOX_CLOCK_MAX_OFFSET_MINUTES);
  if (offset === undefined) throw badRequest(SANDBOX_CLOCK_MESSAGES.tooFar, 'advanceMinutes');
  deps.clock.follow(offset);
  deps.realtime.publishClockMoved(offset);
  await deps.runDueJobs();
  return present(deps.clock);
}

/**
 * Keeps this instance's clock with the database's: at once, on every move another instance
 * publishes on the realtime bus, after every reconnection of the bus (moves published meanwhile
 * were missed) and every SANDBOX_CLOCK_REFRESH_MS in any case. Answers a function that stops it.
 */
export async function followSandboxClock(options: {
  db: Db;
  clock: AppClock;
  realtime: Pick<Realtime, 'onClockMoved' | 'onBusConnected'>;
  logger: FastifyBaseLogger;
  refreshMs?: number;
}): Promise<() => void> {
  const { db, clock, logger } = options;
  const refresh = () =>
    readClockOffset(db).then(
      (offset) => clock.follow(offset),
      (err: unknown) => logger.warn({ err }, 'test clock: reading the offset failed; will retry'),
    );
  await refresh();
  options.realtime.onClockMoved((offset) => clock.follow(offset));
  options.realtime.onBusConnected(() => void refresh());
  const timer = setInterval(() => void refresh(), options.refreshMs ?? SANDBOX_CLOCK_REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

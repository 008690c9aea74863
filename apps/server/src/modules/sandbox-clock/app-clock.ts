/**
 * The server's time as every rule reads it (`deps.now` in app.ts): the real time, plus the test
 * clock's offset while the sandbox runs outside production (docs/payments.md, "The test clock").
 * Reading it is synchronous and costs nothing: the offset is kept in memory and follows the
 * database's `sandbox_clock` row (see sandbox-clock.service.ts for how every instance learns it).
 */
export interface AppClock {
  /** A plain function (no `this`), handed to every module as its `now`. */
  now: () => Date;
  /** How many minutes the clock is ahead of `base`. */
  offsetMinutes: () => number;
  /** Takes an offset read from the database or heard from another instance; never goes back. */
  follow: (offsetMinutes: number) => void;
}

export function createAppClock(base: () => Date): AppClock {
  let offset = 0;
  return {
    now: () => (offset === 0 ? base() : new Date(base().getTime() + offset * 60_000)),
    offsetMinutes: () => offset,
    follow(offsetMinutes) {
      // Forward only: a late message or a read that raced a move must not take the time back.
      if (offsetMinutes > offset) offset = offsetMinutes;
    },
  };
}

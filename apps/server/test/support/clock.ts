/** Durations in milliseconds, for the clocks and end times tests set. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Now, rounded down to a whole minute: where a test world's clock starts, close to real time. */
export function startOfThisMinute(): Date {
  return new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
}

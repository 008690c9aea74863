import { DURATION_MAX_MINUTES, DURATION_MIN_MINUTES, DURATION_STEP_MINUTES } from './constants.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * docs/product.md §4 countdown: days and hours, hours and minutes, or minutes; 'Ended' at zero.
 * Whole units, rounded down, so the display never promises more time than is left.
 */
export function formatCountdown(endTime: Date | string | number, now: Date | number = Date.now()): string {
  const remaining = new Date(endTime).getTime() - new Date(now).getTime();
  if (!(remaining > 0)) return 'Ended';
  const days = Math.floor(remaining / DAY);
  const hours = Math.floor((remaining % DAY) / HOUR);
  const minutes = Math.floor((remaining % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

/**
 * docs/product.md §4 relative time: under 1 min 'Just now'; under 60 min 'Nm'; under 24 h 'Nh';
 * otherwise 'Nd'. The chat widget adds ' ago' (`withAgo`), except to 'Just now'.
 */
export function formatRelativeTime(
  time: Date | string | number,
  now: Date | number = Date.now(),
  options: { withAgo?: boolean } = {},
): string {
  const elapsed = Math.max(0, new Date(now).getTime() - new Date(time).getTime());
  let label: string;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) label = `${Math.floor(elapsed / MINUTE)}m`;
  else if (elapsed < DAY) label = `${Math.floor(elapsed / HOUR)}h`;
  else label = `${Math.floor(elapsed / DAY)}d`;
  return options.withAgo ? `${label} ago` : label;
}

/** '1h 30m', '45m', '24h' — the duration select's labels (docs/product.md §9); days only beyond 24 hours. */
export function formatDuration(minutes: number): string {
  const days = minutes > 24 * 60 ? Math.floor(minutes / (24 * 60)) : 0;
  const hours = Math.floor((minutes - days * 24 * 60) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (hours > 0) parts.push(`${hours}h`);
  if (rest > 0 || parts.length === 0) parts.push(`${rest}m`);
  return parts.join(' ');
}

/** docs/product.md §9: 96 options from 15 minutes to 24 hours in 15-minute steps. */
export const DURATION_OPTIONS: ReadonlyArray<{ value: number; label: string }> = Array.from(
  { length: (24 * 60) / DURATION_STEP_MINUTES },
  (_, i) => {
    const value = (i + 1) * DURATION_STEP_MINUTES;
    return { value, label: formatDuration(value) };
  },
);

export const isValidDurationRange = (minutes: number) =>
  minutes >= DURATION_MIN_MINUTES && minutes <= DURATION_MAX_MINUTES;

/** The last stretch of an auction in which its page counts seconds (docs/web-app.md "Where you stand"). */
export const COUNTDOWN_SECONDS_WITHIN_MS = 60 * 60 * 1000;
/** The last stretch in which the countdown is shown as urgent. */
export const COUNTDOWN_URGENT_WITHIN_MS = 5 * 60 * 1000;

/**
 * The auction page's countdown: as `formatCountdown`, but in the last hour with seconds
 * ('12m 05s', '45s'), so a closing auction visibly moves.
 */
export function formatCountdownPrecise(endTime: Date | string | number, now: Date | number = Date.now()): string {
  const remaining = new Date(endTime).getTime() - new Date(now).getTime();
  if (!(remaining > 0) || remaining >= COUNTDOWN_SECONDS_WITHIN_MS) return formatCountdown(endTime, now);
  const minutes = Math.floor(remaining / MINUTE);
  const seconds = Math.floor((remaining % MINUTE) / 1000);
  if (minutes === 0) return `${seconds}s`;
  return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
}

/** True in the last five minutes before the end (the countdown turns urgent). */
export function isCountdownUrgent(endTime: Date | string | number, now: Date | number = Date.now()): boolean {
  const remaining = new Date(endTime).getTime() - new Date(now).getTime();
  return remaining > 0 && remaining <= COUNTDOWN_URGENT_WITHIN_MS;
}

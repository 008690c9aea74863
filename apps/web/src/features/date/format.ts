/** Times of the date, in the viewer's own time zone. */

/** 'Sat, Mar 7, 2026' */
export function formatPlanDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** '7:02 PM' */
export function formatClock(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** 'Sat, Mar 7, 2026, 7:00 PM' */
export function formatPlanDateTime(iso: string): string {
  return `${formatPlanDate(iso)}, ${formatClock(iso)}`;
}

/**
 * The ISO instant of a local date ('2026-03-07') and time ('19:00') as the browser's date and
 * time inputs give them; undefined when either is missing or not a real time.
 */
export function localDateTimeToIso(date: string, time: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  // Without an offset, a date-time string is read as local time (ECMAScript Date.parse).
  const local = new Date(`${date}T${time}`);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

/** Whole minutes from `fromIso` to `now` (never negative). */
export function minutesSince(fromIso: string, now: number): number {
  return Math.max(0, Math.floor((now - new Date(fromIso).getTime()) / 60_000));
}

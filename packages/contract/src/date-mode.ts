import { z } from 'zod';
import {
  ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE,
  DATE_MODE_OPENS_MINUTES_BEFORE,
  lastPositionSchema,
} from './date-api.js';

/**
 * Date Mode's opening rule and live location sharing (issue 24, docs/the-date.md). The server
 * enforces the rule and the page shows it with the same functions, so the "Start Date Mode"
 * button turns on exactly when the server starts accepting it.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** When Date Mode opens for a plan starting at `startsAt`: DATE_MODE_OPENS_MINUTES_BEFORE earlier. */
export function dateModeOpensAt(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - DATE_MODE_OPENS_MINUTES_BEFORE * MINUTE_MS);
}

/** Whether Date Mode may start at `now` for a plan starting at `startsAt` (from the opening time on). */
export function isDateModeOpen(startsAt: Date | string, now: Date | number): boolean {
  return new Date(now).getTime() >= dateModeOpensAt(startsAt).getTime();
}

/**
 * When "I've arrived" opens for a plan starting at `startsAt`: ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE
 * earlier. The server refuses an earlier arrival; the page shows the button from then on only.
 */
export function arrivalCheckInOpensAt(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE * MINUTE_MS);
}

/** The line in place of "I've arrived" until it opens: "You can check in from 7:45 PM". */
export const arrivalOpensText = (clock: string) => `You can check in from ${clock}`;

/**
 * Within this much of now a weekday names one day only; further ahead the same weekday comes
 * round again (or is today's), so the opening says the date as well.
 */
const WEEKDAY_ALONE_WITHIN_MS = 6 * DAY_MS;

/**
 * "Opens Saturday at 8:30 AM" (in `timeZone`, the viewer's own by default), or
 * "Opens Saturday, March 14 at 8:30 AM" when the opening is 6 days or more ahead. The app's copy
 * is English, so the words are en-US whatever the browser's language; the clock is the viewer's.
 */
export function formatDateModeOpening(
  opensAt: Date | string,
  now: Date | number,
  options: { timeZone?: string } = {},
): string {
  const at = new Date(opensAt);
  const { timeZone } = options;
  const weekday = at.toLocaleDateString('en-US', { weekday: 'long', timeZone });
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  if (at.getTime() - new Date(now).getTime() < WEEKDAY_ALONE_WITHIN_MS) return `Opens ${weekday} at ${time}`;
  const day = at.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone });
  return `Opens ${weekday}, ${day} at ${time}`;
}

/** A member's position is accepted at most this often per date (one per 20 s; the page sends one a minute). */
export const LOCATION_MIN_INTERVAL_SECONDS = 20;
/** The page reads the browser's position and sends it this often while sharing is on. */
export const LOCATION_SHARE_INTERVAL_MS = 60_000;
/** A reported accuracy radius beyond this (1,000 km) is no position at all. */
export const LOCATION_MAX_ACCURACY_METERS = 1_000_000;

/** Errors of the location routes, word for word (docs/the-date.md). */
export const DATE_LOCATION_MESSAGES = {
  lat: 'Latitude must be a number from -90 to 90.',
  lng: 'Longitude must be a number from -180 to 180.',
  accuracy: `Accuracy must be a number of metres from 0 to ${LOCATION_MAX_ACCURACY_METERS}.`,
  notRunning: 'Your location can be shared only while Date Mode is running.',
  tooOften: `Your location can be sent once every ${LOCATION_MIN_INTERVAL_SECONDS} seconds.`,
} as const;

const coordinate = (min: number, max: number, message: string) =>
  // z.number() refuses NaN and ±Infinity (JSON cannot carry them, but a parsed body could).
  z.number({ error: message }).min(min, message).max(max, message);

/** POST /api/auctions/{id}/date-mode/location: the member's current position, as the browser gives it. */
export const dateLocationSchema = z.object({
  lat: coordinate(-90, 90, DATE_LOCATION_MESSAGES.lat),
  lng: coordinate(-180, 180, DATE_LOCATION_MESSAGES.lng),
  accuracy: coordinate(0, LOCATION_MAX_ACCURACY_METERS, DATE_LOCATION_MESSAGES.accuracy),
});
export type DateLocationInput = z.input<typeof dateLocationSchema>;

/** The answer of the location routes: whether the member's position is now shared, and the last one. */
export const dateLocationResponseSchema = z.object({
  sharing: z.boolean(),
  position: lastPositionSchema.nullable(),
});
export type DateLocationResponse = z.infer<typeof dateLocationResponseSchema>;

/**
 * What "Share my date" tells the member the friend will see, word for word. It has to be true:
 * the friend follows the location only while the member shares it.
 */
export const SHARE_DATE_COPY = {
  withLocation: 'A trusted friend can follow your location and your check-ins. They cannot change anything.',
  withoutLocation:
    'A trusted friend sees the place and time, who you are meeting and your check-ins, not your location. They cannot change anything.',
} as const;

/** A map at a position, as a plain link (the page loads no map tiles itself). */
export function mapLinkFor(position: { lat: number; lng: number }): string {
  const lat = position.lat.toFixed(5);
  const lng = position.lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

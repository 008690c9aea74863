import { describe, expect, it } from 'vitest';
import { DATE_MODE_OPENS_MINUTES_BEFORE } from './date-api.js';
import {
  DATE_LOCATION_MESSAGES,
  dateLocationSchema,
  dateModeOpensAt,
  formatDateModeOpening,
  isDateModeOpen,
  mapLinkFor,
} from './date-mode.js';

const MINUTE = 60_000;
// Saturday 14 March 2026, 10:30 in New York (EDT, UTC-4): Date Mode opens at 8:30 AM.
const startsAt = new Date('2026-03-14T14:30:00.000Z');

describe('the opening of Date Mode (docs/the-date.md)', () => {
  it('opens DATE_MODE_OPENS_MINUTES_BEFORE the agreed start', () => {
    expect(DATE_MODE_OPENS_MINUTES_BEFORE).toBe(120);
    expect(dateModeOpensAt(startsAt).toISOString()).toBe('2026-03-14T12:30:00.000Z');
    expect(dateModeOpensAt(startsAt.toISOString()).toISOString()).toBe('2026-03-14T12:30:00.000Z');
  });

  it('is closed until the opening instant and open from it on', () => {
    const opensAt = dateModeOpensAt(startsAt).getTime();
    expect(isDateModeOpen(startsAt, opensAt - 1)).toBe(false);
    expect(isDateModeOpen(startsAt, new Date(opensAt - 60 * MINUTE))).toBe(false);
    expect(isDateModeOpen(startsAt, opensAt)).toBe(true);
    expect(isDateModeOpen(startsAt, opensAt + 1)).toBe(true);
    expect(isDateModeOpen(startsAt, startsAt.getTime() + 60 * MINUTE)).toBe(true);
  });
});

describe('formatDateModeOpening', () => {
  const opensAt = dateModeOpensAt(startsAt);

  it('names the weekday and the time in the viewer’s time zone', () => {
    const now = new Date('2026-03-12T09:00:00.000Z');
    expect(formatDateModeOpening(opensAt, now, { timeZone: 'America/New_York' })).toBe('Opens Saturday at 8:30 AM');
    expect(formatDateModeOpening(opensAt, now, { timeZone: 'America/Los_Angeles' })).toBe('Opens Saturday at 5:30 AM');
    expect(formatDateModeOpening(opensAt, now, { timeZone: 'Asia/Tokyo' })).toBe('Opens Saturday at 9:30 PM');
    // Later that day in New York is already Sunday in Tokyo.
    expect(formatDateModeOpening(new Date('2026-03-14T16:05:00.000Z'), now, { timeZone: 'Asia/Tokyo' })).toBe(
      'Opens Sunday at 1:05 AM',
    );
  });

  it('adds the date when the weekday alone could name another day (6 days or more ahead)', () => {
    const timeZone = 'America/New_York';
    const almostSixDays = new Date(opensAt.getTime() - 6 * 24 * 60 * MINUTE + 1);
    expect(formatDateModeOpening(opensAt, almostSixDays, { timeZone })).toBe('Opens Saturday at 8:30 AM');
    const sixDays = new Date(opensAt.getTime() - 6 * 24 * 60 * MINUTE);
    expect(formatDateModeOpening(opensAt, sixDays, { timeZone })).toBe('Opens Saturday, March 14 at 8:30 AM');
    const weeksAhead = new Date('2026-02-01T12:00:00.000Z');
    expect(formatDateModeOpening(opensAt, weeksAhead, { timeZone })).toBe('Opens Saturday, March 14 at 8:30 AM');
  });
});

describe('dateLocationSchema', () => {
  const valid = { lat: 40.7128, lng: -74.006, accuracy: 25 };

  it('takes a position within the globe’s ranges, edges included', () => {
    expect(dateLocationSchema.parse(valid)).toEqual(valid);
    for (const position of [
      { lat: -90, lng: -180, accuracy: 0 },
      { lat: 90, lng: 180, accuracy: 1_000_000 },
    ]) {
      expect(dateLocationSchema.safeParse(position).success).toBe(true);
    }
  });

  it('refuses anything else with a message that says what is wrong', () => {
    const cases: Array<[unknown, string]> = [
      [{ ...valid, lat: 90.0001 }, DATE_LOCATION_MESSAGES.lat],
      [{ ...valid, lat: -91 }, DATE_LOCATION_MESSAGES.lat],
      [{ ...valid, lat: '40.7' }, DATE_LOCATION_MESSAGES.lat],
      [{ ...valid, lat: Number.NaN }, DATE_LOCATION_MESSAGES.lat],
      [{ ...valid, lat: undefined }, DATE_LOCATION_MESSAGES.lat],
      [{ ...valid, lng: 180.5 }, DATE_LOCATION_MESSAGES.lng],
      [{ ...valid, lng: Number.NEGATIVE_INFINITY }, DATE_LOCATION_MESSAGES.lng],
      [{ ...valid, lng: null }, DATE_LOCATION_MESSAGES.lng],
      [{ ...valid, accuracy: -1 }, DATE_LOCATION_MESSAGES.accuracy],
      [{ ...valid, accuracy: Number.POSITIVE_INFINITY }, DATE_LOCATION_MESSAGES.accuracy],
    ];
    for (const [input, message] of cases) {
      const result = dateLocationSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });
});

describe('mapLinkFor', () => {
  it('points a map at the position, to five decimals (about a metre)', () => {
    expect(mapLinkFor({ lat: 40.712812, lng: -74.0060149 })).toBe(
      'https://www.openstreetmap.org/?mlat=40.71281&mlon=-74.00601#map=17/40.71281/-74.00601',
    );
  });
});

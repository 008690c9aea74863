import { distanceMiles, EARTH_RADIUS_MILES, type Coordinates } from '@bid/contract';
import * as zipcodes from 'zipcodes';

/**
 * Geography without a network geocoder (docs/engineering.md §2): a US/Canada zip gazetteer turns a
 * zip code or a "City, ST" text into coordinates; distances are great-circle miles (the contract's
 * distanceMiles, shared with the web app).
 */
export type { Coordinates };
export { distanceMiles, EARTH_RADIUS_MILES };

const US_ZIP = /^(\d{5})(?:[-\s]?\d{4})?$/;
const CANADIAN_POSTAL_CODE = /^([A-Z]\d[A-Z])(?:\s?\d[A-Z]\d)?$/;
const US_ZIP_INSIDE_TEXT = /\b(\d{5})(?:-\d{4})?\b/;

/** The gazetteer keys Canadian places by the province's full name. */
const CANADIAN_PROVINCES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territory',
  NU: 'Nunavut Territory',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/**
 * Coordinates for a profile or an auction: the zip code first (US 5-digit or ZIP+4, or a
 * Canadian postal code), then a "City, ST" / "City, State" location text (a zip inside the
 * text counts too), else null.
 */
export function geocode(input: { zipCode?: string | null; location?: string | null }): Coordinates | null {
  const byZip = input.zipCode ? lookupPostalCode(input.zipCode) : null;
  if (byZip) return byZip;
  return input.location ? lookupPlace(input.location) : null;
}

function lookupPostalCode(raw: string): Coordinates | null {
  const text = raw.trim().toUpperCase();
  const us = US_ZIP.exec(text);
  if (us) return coordinatesOf(zipcodes.lookup(us[1]!));
  const canadian = CANADIAN_POSTAL_CODE.exec(text);
  if (canadian) return coordinatesOf(zipcodes.lookup(canadian[1]!));
  return null;
}

function lookupPlace(raw: string): Coordinates | null {
  const text = raw.trim();
  const zipInText = US_ZIP_INSIDE_TEXT.exec(text);
  if (zipInText) {
    const found = coordinatesOf(zipcodes.lookup(zipInText[1]!));
    if (found) return found;
  }
  let parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // "Austin TX": a trailing two-letter code without a comma.
  const withoutComma = parts.length === 1 ? /^(.+?)\s+([A-Za-z]{2})$/.exec(parts[0]!) : null;
  if (withoutComma) parts = [withoutComma[1]!, withoutComma[2]!];
  if (parts.length < 2) return null;
  const city = parts[0]!;
  // "TX 78701" → "TX"; "Texas" stays; the country after a second comma is ignored.
  const region = parts[1]!.replace(/\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d$|\s+\d{5}(-\d{4})?$/i, '').trim();
  if (!region) return null;
  const state = CANADIAN_PROVINCES[region.toUpperCase()] ?? region;
  return centroidOf(zipcodes.lookupByName(city, state));
}

function isValidCoordinates(latitude: unknown, longitude: unknown): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

function coordinatesOf(place: zipcodes.ZipCode | undefined): Coordinates | null {
  if (!place || !isValidCoordinates(place.latitude, place.longitude)) return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

/** A city spans several zip codes; its centre is their mean position (cities are small next to the radii). */
function centroidOf(places: zipcodes.ZipCode[]): Coordinates | null {
  const valid = places.filter((p) => isValidCoordinates(p.latitude, p.longitude));
  if (valid.length === 0) return null;
  const latitude = valid.reduce((sum, p) => sum + p.latitude, 0) / valid.length;
  const longitude = valid.reduce((sum, p) => sum + p.longitude, 0) / valid.length;
  return { latitude, longitude };
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Both longitudes are absent when the box spans every longitude (near a pole or across ±180°). */
  minLongitude?: number;
  maxLongitude?: number;
}

/**
 * The smallest latitude/longitude box holding every point within `miles` of `center`, so an
 * index on (latitude, longitude) can prefilter before the exact distance check. Near a pole
 * or across the antimeridian the box keeps every longitude rather than wrapping.
 */
export function boundingBox(center: Coordinates, miles: number): BoundingBox {
  const angular = miles / EARTH_RADIUS_MILES;
  const latitudeDelta = toDegrees(angular);
  const minLatitude = center.latitude - latitudeDelta;
  const maxLatitude = center.latitude + latitudeDelta;
  if (minLatitude <= -90 || maxLatitude >= 90) {
    return { minLatitude: Math.max(minLatitude, -90), maxLatitude: Math.min(maxLatitude, 90) };
  }
  // The widest longitude reached at distance `angular` from a point at this latitude.
  const longitudeDelta = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRadians(center.latitude)))));
  const minLongitude = center.longitude - longitudeDelta;
  const maxLongitude = center.longitude + longitudeDelta;
  if (minLongitude < -180 || maxLongitude > 180) return { minLatitude, maxLatitude };
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
}

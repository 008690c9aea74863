import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundingBox, distanceMiles, geocode, type Coordinates } from './geo.js';

const AUSTIN_78701 = { latitude: 30.2713, longitude: -97.7426 };
const NEW_YORK_10001 = { latitude: 40.7484, longitude: -73.9967 };

describe('geocode', () => {
  it('finds a US zip code, with or without the +4 part', () => {
    expect(geocode({ zipCode: '78701' })).toEqual(AUSTIN_78701);
    expect(geocode({ zipCode: ' 78701-1234 ' })).toEqual(AUSTIN_78701);
    expect(geocode({ zipCode: '02134' })).toEqual({ latitude: 42.3535, longitude: -71.1329 });
  });

  it('finds a Canadian postal code by its first three characters', () => {
    const ottawa = geocode({ zipCode: 'k1a 0b1' });
    expect(ottawa?.latitude).toBeCloseTo(45.42, 2);
    expect(ottawa?.longitude).toBeCloseTo(-75.7, 1);
  });

  it('prefers the zip code over the location text', () => {
    expect(geocode({ zipCode: '10001', location: 'Austin, TX' })).toEqual(NEW_YORK_10001);
  });

  it('falls back to "City, ST" text when the zip code is unknown or missing', () => {
    const austin = geocode({ zipCode: '00000', location: 'Austin, TX' });
    expect(austin).not.toBeNull();
    expect(distanceMiles(austin!, AUSTIN_78701)).toBeLessThan(15);
    expect(geocode({ location: 'austin, texas' })).toEqual(austin);
    expect(geocode({ location: 'Austin TX' })).toEqual(austin);
    expect(geocode({ location: 'Austin, TX, USA' })).toEqual(austin);
  });

  it('uses a zip code written inside the location text', () => {
    expect(geocode({ location: 'Austin, TX 78701' })).toEqual(AUSTIN_78701);
  });

  it('keeps multi-word state names intact', () => {
    const newark = geocode({ location: 'Newark, New Jersey' });
    expect(newark).not.toBeNull();
    expect(newark!.latitude).toBeCloseTo(40.73, 0);
  });

  it('returns null when nothing is recognised', () => {
    expect(geocode({})).toBeNull();
    expect(geocode({ zipCode: 'hello', location: 'Somewhere nice' })).toBeNull();
    expect(geocode({ location: 'Atlantis, ZZ' })).toBeNull();
    expect(geocode({ zipCode: '', location: '' })).toBeNull();
  });

  it('never returns coordinates outside the globe for a gazetteer entry without them', () => {
    // V0N has no coordinates in the gazetteer.
    expect(geocode({ zipCode: 'V0N 1A0' })).toBeNull();
  });
});

const coordinates = fc.record({
  latitude: fc.double({ min: -89, max: 89, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('boundingBox', () => {
  it('holds every point within the radius (property)', () => {
    fc.assert(
      fc.property(
        coordinates,
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (center, miles, fraction, bearing) => {
          const point = destination(center, miles * fraction * 0.999, bearing);
          const box = boundingBox(center, miles);
          expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
          expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
          if (box.minLongitude !== undefined && box.maxLongitude !== undefined) {
            expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
            expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is tight: about 1.45 degrees of latitude for 100 miles', () => {
    const box = boundingBox(AUSTIN_78701, 100);
    expect(box.maxLatitude - box.minLatitude).toBeCloseTo(2.894, 2);
    expect(box.maxLongitude! - box.minLongitude!).toBeGreaterThan(3);
    expect(box.maxLongitude! - box.minLongitude!).toBeLessThan(3.5);
  });

  it('keeps every longitude across the antimeridian or near a pole', () => {
    expect(boundingBox({ latitude: 0, longitude: 179.9 }, 50).minLongitude).toBeUndefined();
    expect(boundingBox({ latitude: 89.9, longitude: 0 }, 50)).toEqual({
      minLatitude: expect.any(Number),
      maxLatitude: 90,
    });
  });
});

/** The point `miles` from `start` along `bearing` (radians), on the same sphere. */
function destination(start: Coordinates, miles: number, bearing: number): Coordinates {
  const R = 3958.8;
  const d = miles / R;
  const lat1 = (start.latitude * Math.PI) / 180;
  const lon1 = (start.longitude * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lon2 =
    lon1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  let longitude = (lon2 * 180) / Math.PI;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: (lat2 * 180) / Math.PI, longitude };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMiles } from './geo.js';

const AUSTIN_78701 = { latitude: 30.2713, longitude: -97.7426 };
const NEW_YORK_10001 = { latitude: 40.7484, longitude: -73.9967 };
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };

const coordinates = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('distanceMiles', () => {
  it('measures known distances', () => {
    expect(distanceMiles(AUSTIN_78701, AUSTIN_78701)).toBe(0);
    // Austin to New York is about 1,515 miles as the crow flies.
    expect(distanceMiles(AUSTIN_78701, NEW_YORK_10001)).toBeGreaterThan(1490);
    expect(distanceMiles(AUSTIN_78701, NEW_YORK_10001)).toBeLessThan(1530);
    expect(distanceMiles(AUSTIN_78701, HOUSTON)).toBeGreaterThan(140);
  });

  it('is symmetric, never negative and at most half the Earth around (property)', () => {
    fc.assert(
      fc.property(coordinates, coordinates, (a, b) => {
        const there = distanceMiles(a, b);
        expect(there).toBeGreaterThanOrEqual(0);
        expect(there).toBeLessThanOrEqual(Math.PI * 3958.8 + 1e-6);
        expect(there).toBeCloseTo(distanceMiles(b, a), 6);
      }),
    );
  });

  it('obeys the triangle inequality (property)', () => {
    fc.assert(
      fc.property(coordinates, coordinates, coordinates, (a, b, c) => {
        const detour = distanceMiles(a, b) + distanceMiles(b, c);
        // Floating point: near antipodal points haversine takes asin of a square root whose
        // argument is off by a few ulps, so the angle is off by up to about sqrt(2 × 2.2e-16) ≈
        // 2.1e-8 radians: 2 × 3958.8 × 2.1e-8 ≈ 1.7e-4 miles (the worst seen in two million
        // generated triangles was 7.6e-5). A thousandth of a mile (1.6 m) covers it.
        expect(distanceMiles(a, c)).toBeLessThanOrEqual(detour + 1e-3);
      }),
    );
  });
});

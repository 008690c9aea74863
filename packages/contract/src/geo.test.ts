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
        // Floating point: near antipodal points (about 12,437 miles) the sum can fall short by a
        // few millionths of a mile, a relative error of about 1e-9.
        expect(distanceMiles(a, c)).toBeLessThanOrEqual(detour * (1 + 1e-9) + 1e-6);
      }),
    );
  });
});

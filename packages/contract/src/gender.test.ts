import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeGender } from './gender.js';

describe('normalizeGender (docs/product.md §4)', () => {
  it.each([
    ['m', 'male'],
    ['male', 'male'],
    ['man', 'male'],
    ['f', 'female'],
    ['female', 'female'],
    ['woman', 'female'],
    ['other', 'other'],
    ['non-binary', 'other'],
    ['nonbinary', 'other'],
    ['nb', 'other'],
    ['  MALE ', 'male'],
    ['Woman', 'female'],
    ['NB', 'other'],
    ['', 'female'],
    ['   ', 'female'],
    ['robot', 'female'],
    ['mal', 'female'],
    ['constructor', 'female'],
    ['__proto__', 'female'],
    ['toString', 'female'],
  ])('maps %j to %s', (input, expected) => {
    expect(normalizeGender(input)).toBe(expected);
  });

  it('maps null and undefined to female', () => {
    expect(normalizeGender(null)).toBe('female');
    expect(normalizeGender(undefined)).toBe('female');
  });

  it('ignores case and surrounding white space for every input', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('', ' ', '\t', '  '), (s, pad) => {
        expect(normalizeGender(`${pad}${s.toUpperCase()}${pad}`)).toBe(normalizeGender(s.toLowerCase().trim()));
      }),
    );
  });

  it('always answers one of the three palettes', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(['male', 'female', 'other']).toContain(normalizeGender(s));
      }),
    );
  });
});

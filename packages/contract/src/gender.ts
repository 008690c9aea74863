import type { Sex } from './constants.js';

// A Map, not an object literal: 'constructor' or '__proto__' must not find inherited members.
const GENDER_ALIASES = new Map<string, Sex>([
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
]);

/**
 * docs/product.md §4 "Gender normalisation": trimmed, case-insensitive; anything unknown or
 * empty maps to female. The theme palette follows the result.
 */
export function normalizeGender(value: string | null | undefined): Sex {
  const key = (value ?? '').trim().toLowerCase();
  return GENDER_ALIASES.get(key) ?? 'female';
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileFormSchema } from './profile-schemas.js';
import { isProfileComplete, normalizeInterests } from './profile.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Likes long walks to the museum.',
  age: 36,
  location: 'Austin, TX',
  country: 'United States',
  zipCode: '78701',
  interests: ['museums', 'tea'],
  sex: 'female',
  openToDatesWith: ['male', 'other'],
};

const firstMessage = (input: unknown) => {
  const result = profileFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('profile form (docs/product.md §5)', () => {
  it('accepts a complete profile', () => {
    expect(profileFormSchema.parse(valid)).toMatchObject({ firstName: 'Ada', age: 36 });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: '   ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ bio: 'x'.repeat(501) }, 'Bio must be less than 500 characters'],
    [{ age: 17 }, 'Must be at least 18'],
    [{ age: 101 }, 'Invalid age'],
    [{ age: 'abc' }, 'Invalid age'],
    [{ age: 20.5 }, 'Invalid age'],
    [{ location: '' }, 'Location is required'],
    [{ country: '' }, 'Country is required'],
    [{ zipCode: '' }, 'Zip code is required'],
    [{ sex: 'robot' }, 'Please select your gender'],
    [{ sex: undefined }, 'Please select your gender'],
    [{ openToDatesWith: [] }, 'Please select at least one dating preference'],
    [{ openToDatesWith: ['robot'] }, 'Please select at least one dating preference'],
    [{ openToDatesWith: undefined }, 'Please select at least one dating preference'],
  ])('refuses %j with %j', (patch, message) => {
    expect(firstMessage({ ...valid, ...patch })).toBe(message);
  });

  it('accepts a bio of exactly 500 characters and the age bounds', () => {
    expect(firstMessage({ ...valid, bio: 'x'.repeat(500) })).toBeUndefined();
    expect(firstMessage({ ...valid, age: 18 })).toBeUndefined();
    expect(firstMessage({ ...valid, age: 100 })).toBeUndefined();
    expect(firstMessage({ ...valid, age: '42' })).toBeUndefined();
  });

  it('accepts every age from 18 to 100 and refuses every other integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (age) => {
        expect(profileFormSchema.safeParse({ ...valid, age }).success).toBe(age >= 18 && age <= 100);
      }),
    );
  });
});

describe('interests (docs/product.md §5)', () => {
  it('ignores blanks and duplicates, keeping the first spelling', () => {
    expect(normalizeInterests(['Tea', ' ', 'tea', 'Hiking ', 'hiking', ''])).toEqual(['Tea', 'Hiking']);
  });

  it('never keeps a blank or a case-insensitive duplicate', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (list) => {
        const out = normalizeInterests(list);
        expect(out.every((i) => i.trim() === i && i.length > 0)).toBe(true);
        expect(new Set(out.map((i) => i.toLowerCase())).size).toBe(out.length);
      }),
    );
  });
});

describe('profile completeness (docs/product.md §5)', () => {
  const complete = {
    firstName: 'A',
    lastName: 'B',
    age: 30,
    location: 'Austin',
    sex: 'male',
    openToDatesWith: ['female'],
  };

  it('is complete with name, age, gender, location and a dating preference', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });

  it.each(['firstName', 'lastName', 'age', 'location', 'sex'] as const)('is incomplete without %s', (field) => {
    expect(isProfileComplete({ ...complete, [field]: null })).toBe(false);
  });

  it('is incomplete without a dating preference or with blank text', () => {
    expect(isProfileComplete({ ...complete, openToDatesWith: [] })).toBe(false);
    expect(isProfileComplete({ ...complete, location: '  ' })).toBe(false);
  });
});

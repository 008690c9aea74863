import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalUuid, isUuid } from './ids.js';
import { uuidSchema } from './id-schemas.js';

describe('ids', () => {
  it('accepts every uuid, in either case for the database, lower case only as the server writes it (property)', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(isUuid(id)).toBe(true);
        expect(isUuid(id.toUpperCase())).toBe(true);
        expect(isCanonicalUuid(id)).toBe(true);
        expect(isCanonicalUuid(id.toUpperCase())).toBe(/^[0-9-]+$/.test(id));
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['hyphens in the wrong places', '0123456789ab-cdef-0123-4567-89abcdef0123'.slice(0, 36)],
    ['36 hyphens', '-'.repeat(36)],
    ['braces', '{11111111-1111-4111-8111-111111111111}'],
    ['a trailing newline', '11111111-1111-4111-8111-111111111111\n'],
    ['not hex', '1111111g-1111-4111-8111-111111111111'],
  ])('refuses %s', (_label, value) => {
    expect(isUuid(value)).toBe(false);
    expect(isCanonicalUuid(value)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it("answers with the field's own words", () => {
    const schema = uuidSchema('Choose who to block', 'Choose who to block');
    expect(schema.safeParse('nope').error?.issues[0]?.message).toBe('Choose who to block');
    expect(schema.safeParse(7).error?.issues[0]?.message).toBe('Choose who to block');
    expect(schema.parse('11111111-1111-4111-8111-111111111111')).toBe('11111111-1111-4111-8111-111111111111');
  });
});

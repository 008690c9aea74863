import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAuctionSchema, editAuctionSchema } from './auction-schemas.js';
import { BIO_MAX, PAYMENT_NOTES_MAX, TITLE_MAX } from './constants.js';
import {
  decideRefundSchema,
  PLACE_MAX_LENGTH,
  PLACE_MIN_LENGTH,
  proposePlanSchema,
  REFUND_REASON_MAX_LENGTH,
  REFUND_REASON_MIN_LENGTH,
  refundRequestSchema,
  sandboxPayoutOnboardingSchema,
} from './date-api.js';
import { VERIFICATION_NOTES_MAX_LENGTH, verificationDecisionBodySchema } from './identity.js';
import { profileFormSchema } from './profile-schemas.js';
import { INTEREST_MAX_LENGTH } from './profile.js';
import {
  disallowedCharactersMessage,
  hasDisallowedCharacters,
  hasVisibleCharacters,
  normalizePersonName,
  RESERVED_NAME_WORDS,
  reservedWordIn,
} from './text.js';
import {
  createReportSchema,
  MODERATION_REASONS_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
  resolveReportSchema,
} from './trust.js';

/** One free-text field of an input schema: a valid object around it, its bounds, and its label. */
interface FreeTextField {
  label: string;
  schema: z.ZodType;
  base: Record<string, unknown>;
  /** Where the value goes (and where an issue about it points). */
  path: readonly (string | number)[];
  min: number;
  max: number;
}

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: '',
  age: 36,
  location: 'Austin, TX',
  country: 'United States',
  zipCode: '78701',
  interests: [],
  sex: 'female',
  openToDatesWith: ['male'],
};
const AUCTION = {
  title: 'Coffee by the river',
  description: 'A relaxed coffee, then a walk.',
  dateType: 'coffee',
  location: 'Austin, TX',
  locationRadius: 25,
  startingBid: '20',
  endTime: '2031-06-08T23:59:00.000Z',
  paymentResponsibility: '50_50',
  expectedDuration: 60,
};
const PAYOUT = { accountHolderName: 'Ann Host', routingNumber: '110000000', accountNumber: '000123456789' };
const REPORT = { targetType: 'user', targetId: '6f1c1a52-3f59-4d0e-9d3b-4a1f7b0c2e11', reason: 'spam' };

const field = (
  label: string,
  schema: z.ZodType,
  base: Record<string, unknown>,
  path: readonly (string | number)[],
  min: number,
  max: number,
): FreeTextField => ({ label, schema, base, path, min, max });

/** Every free-text field people type into, with the label its message names. */
const FIELDS: readonly FreeTextField[] = [
  // First and last names have rules of their own (personName, below).
  field('Bio', profileFormSchema, PROFILE, ['bio'], 0, BIO_MAX),
  field('Location', profileFormSchema, PROFILE, ['location'], 1, 255),
  field('Country', profileFormSchema, PROFILE, ['country'], 1, 100),
  field('Zip code', profileFormSchema, PROFILE, ['zipCode'], 1, 20),
  field('An interest', profileFormSchema, PROFILE, ['interests', 0], 1, INTEREST_MAX_LENGTH),
  field('Title', createAuctionSchema, AUCTION, ['title'], 1, TITLE_MAX),
  field('Description', createAuctionSchema, AUCTION, ['description'], 10, 5000),
  field('Location', createAuctionSchema, AUCTION, ['location'], 1, 255),
  field('Payment notes', createAuctionSchema, AUCTION, ['paymentNotes'], 0, PAYMENT_NOTES_MAX),
  field('Title', editAuctionSchema, {}, ['title'], 1, TITLE_MAX),
  field('Description', editAuctionSchema, {}, ['description'], 1, 5000),
  field('Location', editAuctionSchema, {}, ['location'], 0, 255),
  field(
    'Place',
    proposePlanSchema,
    { startsAt: '2031-06-08T20:00:00.000Z' },
    ['place'],
    PLACE_MIN_LENGTH,
    PLACE_MAX_LENGTH,
  ),
  field('Reason', refundRequestSchema, {}, ['reason'], REFUND_REASON_MIN_LENGTH, REFUND_REASON_MAX_LENGTH),
  field('Note', decideRefundSchema, { decision: 'deny' }, ['note'], 0, 500),
  field('Account holder name', sandboxPayoutOnboardingSchema, PAYOUT, ['accountHolderName'], 2, 100),
  field('Details', createReportSchema, REPORT, ['details'], 0, REPORT_DETAILS_MAX_LENGTH),
  field('Reasons', resolveReportSchema, { action: 'dismiss' }, ['reasons'], 1, MODERATION_REASONS_MAX_LENGTH),
  field('Notes', verificationDecisionBodySchema, { decision: 'verified' }, ['notes'], 1, VERIFICATION_NOTES_MAX_LENGTH),
];

/** `base` with `value` at `path` (an array index makes a one-element list). */
function inputWith(f: FreeTextField, value: string): Record<string, unknown> {
  const [key, index] = f.path as [string, number | undefined];
  return { ...f.base, [key]: index === undefined ? value : [value] };
}

function issuesOf(f: FreeTextField, value: string) {
  const result = f.schema.safeParse(inputWith(f, value));
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
}

const C0_REFUSED = Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code));

/** Characters a person can type: tab, line breaks and anything from U+0020 up (BMP, no surrogates). */
const typedChar = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('\t', '\n', '\r') },
  { weight: 20, arbitrary: fc.integer({ min: 0x20, max: 0xd7ff }).map((code) => String.fromCharCode(code)) },
);

/** Typed text whose trimmed length is within [min, max]: it starts and ends with a letter. */
const typedTextWithin = (min: number, max: number) =>
  fc
    .string({ unit: typedChar, minLength: Math.max(0, min - 2), maxLength: Math.max(0, Math.min(max - 2, 300)) })
    .map((core) => `a${core}a`);

describe('hasDisallowedCharacters', () => {
  it('refuses every C0 control character but tab, line feed and carriage return', () => {
    for (let code = 0; code < 0x20; code += 1) {
      expect(hasDisallowedCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(
        C0_REFUSED.includes(code),
      );
    }
    expect(hasDisallowedCharacters('Café ☕ at 5 — 🙂\u007f\u0085')).toBe(false);
  });
});

describe.each(FIELDS.map((f) => [`${f.label} (${f.path.join('.')})`, f] as const))('free text %s', (_name, f) => {
  const refusal = { path: [...f.path], message: disallowedCharactersMessage(f.label) };

  it('refuses any value holding a NUL, whatever else it holds, naming the field', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: f.max + 10 }), fc.string({ maxLength: 20 }), (before, after) => {
        expect(issuesOf(f, `${before}\u0000${after}`)).toContainEqual(refusal);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses the other control characters inside typed text, with that message first', () => {
    for (const code of C0_REFUSED) {
      const value = `ab${String.fromCharCode(code)}cdefghijk`.slice(0, Math.max(f.min, Math.min(f.max, 12)));
      expect(issuesOf(f, value)[0], `U+${code.toString(16)} in ${JSON.stringify(value)}`).toEqual(refusal);
    }
  });

  it('accepts any typed text within its limits (tabs and line breaks included)', () => {
    fc.assert(
      fc.property(typedTextWithin(f.min, f.max), (value) => {
        expect(issuesOf(f, value)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('what people see', () => {
  it('names the field in words', () => {
    const result = profileFormSchema.safeParse({ ...PROFILE, firstName: '\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['firstName'],
      message: 'First name contains characters that are not allowed',
    });
  });
});

describe('personName (first and last names)', () => {
  const nameIssues = (firstName: unknown) => {
    const result = profileFormSchema.safeParse({ ...PROFILE, firstName });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
  const parsedName = (firstName: string) => profileFormSchema.parse({ ...PROFILE, firstName }).firstName;

  it('stores names NFKC-normalised, without zero-width or bidi controls, spaces collapsed', () => {
    expect(parsedName('  Ａｄａ  ')).toBe('Ada');
    expect(parsedName('A\u200Bd\u200Da')).toBe('Ada');
    expect(parsedName('\u202EAnn\u202C')).toBe('Ann');
    expect(parsedName('Mary   Ann')).toBe('Mary Ann');
    expect(parsedName('José')).toBe('José');
    expect(parsedName('Zoë')).toBe('Zoë');
  });

  it('refuses names that show nothing', () => {
    for (const invisible of ['\u200B', '\u200B\u200C\u200D', '\u2800', '\u3164', '\u202E\u202C', '\u2800 \u2800']) {
      const issues = nameIssues(invisible);
      expect(issues.length).toBeGreaterThan(0);
      expect(issues.some((m) => m === 'First name must show letters' || m === 'First name is required')).toBe(true);
    }
  });

  it('refuses the reserved words, whatever their case, spacing or hidden characters', () => {
    expect(nameIssues('Deleted user')).toEqual(['First name can\'t use the word "deleted user"']);
    expect(nameIssues('BidYourDate Support Team')).toEqual(['First name can\'t use the word "bidyourdate"']);
    expect(nameIssues('Dele\u200Bted User')).toEqual(['First name can\'t use the word "deleted user"']);
    expect(nameIssues('ＡＤＭＩＮ')).toEqual(['First name can\'t use the word "admin"']);
    expect(nameIssues('Support')).toEqual(['First name can\'t use the word "support"']);
    expect(nameIssues('moderator')).toEqual(['First name can\'t use the word "moderator"']);
    const last = profileFormSchema.safeParse({ ...PROFILE, lastName: 'Bid Your Date' });
    expect(last.success ? [] : last.error.issues.map((i) => i.message)).toEqual([
      'Last name can\'t use the word "bidyourdate"',
    ]);
    // Words that merely contain a reserved word are names.
    for (const name of ['Adminah', 'Supporta', 'Edmond']) expect(nameIssues(name)).toEqual([]);
  });

  it('keeps any name of letters that has no reserved word, and normalising is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: typedChar, minLength: 0, maxLength: 60 }), (raw) => {
        const once = normalizePersonName(raw);
        expect(normalizePersonName(once)).toBe(once);
        expect(once).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u);
        expect(once).toBe(once.trim());
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,40}$/), (name) => {
        fc.pre(reservedWordIn(name) === undefined);
        expect(hasVisibleCharacters(name)).toBe(true);
        expect(nameIssues(name)).toEqual([]);
      }),
    );
  });

  it('names each reserved word', () => {
    for (const word of RESERVED_NAME_WORDS) expect(reservedWordIn(word.toUpperCase())).toBe(word);
  });
});

import { z } from 'zod';

/**
 * Free text people type (names, bio, titles, descriptions, messages, places, notes, reasons)
 * may hold any printable character, tabs and line breaks, but no other C0 control character
 * (U+0000 to U+001F): nobody types them, they do not display, and PostgreSQL refuses NUL in
 * text outright. Refused here with a message naming the field, rather than by the database.
 */

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const FIRST_PRINTABLE = 0x20;

/** True when `text` holds a C0 control character other than tab, line feed or carriage return. */
export function hasDisallowedCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < FIRST_PRINTABLE && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}

/** "First name contains characters that are not allowed". */
export const disallowedCharactersMessage = (field: string) => `${field} contains characters that are not allowed`;

/**
 * `schema` (a string schema with its own trim and length rules) that also refuses the control
 * characters above, saying which `field` (as the form labels it) holds them. The check runs
 * after the schema's own, so an empty or too long value keeps its usual message.
 */
export function plainText<T extends z.ZodString>(schema: T, field: string): T {
  return schema.refine((value) => !hasDisallowedCharacters(value), disallowedCharactersMessage(field));
}

/**
 * Characters that change how text is shown without showing anything themselves: zero-width
 * spaces and joiners, the bidirectional embeddings, overrides and isolates (a right-to-left
 * override makes "Ann" read as something else), the soft hyphen, the word joiner family and the
 * byte-order mark. A name never needs them, and they let one name pass for another.
 */
const FORMAT_CHARACTER_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];
const isFormatCharacter = (char: string) => {
  const code = char.codePointAt(0)!;
  return FORMAT_CHARACTER_RANGES.some(([from, to]) => code >= from && code <= to);
};

/** Blank look-alikes that are letters or symbols to Unicode but show nothing (braille blank). */
const BLANK_SYMBOLS = /[\u2800]/gu;

/**
 * Words a member's name may not use, because the product itself speaks under them (notices
 * from "BidYourDate Support", a removed member shown as "Deleted user", moderators).
 */
export const RESERVED_NAME_WORDS = ['deleted user', 'bidyourdate', 'support', 'moderator', 'admin'] as const;

/**
 * A name as it is stored and shown: Unicode NFKC (full-width and other compatibility forms
 * become their plain letters), without the format characters above, runs of white space as
 * one space, trimmed.
 */
export function normalizePersonName(name: string): string {
  return name
    .normalize('NFKC')
    .split('')
    .filter((char) => !isFormatCharacter(char))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** True when a normalised name shows at least one letter or digit. */
export function hasVisibleCharacters(name: string): boolean {
  return /[\p{L}\p{N}]/u.test(name.replace(BLANK_SYMBOLS, ''));
}

/** The reserved word a normalised name uses, or undefined ("BidYourDate Support Team" → "bidyourdate"). */
export function reservedWordIn(name: string): string | undefined {
  const letters = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const squeezed = letters.replace(/ /g, '');
  const words = new Set(letters.split(' '));
  return RESERVED_NAME_WORDS.find((reserved) =>
    reserved.includes(' ') || reserved === 'bidyourdate'
      ? squeezed.includes(reserved.replace(/ /g, ''))
      : words.has(reserved),
  );
}

/** "First name must show letters" */
export const invisibleNameMessage = (field: string) => `${field} must show letters`;
/** "First name can't use the word \"support\"" */
export const reservedNameMessage = (field: string, word: string) => `${field} can't use the word "${word}"`;

/**
 * A person's first or last name: normalised as above, then required, bounded, free of control
 * characters, visible, and free of the reserved words (docs/accounts.md, "Names").
 */
export function personName(field: string, required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .transform(normalizePersonName)
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong)
        .refine((value) => !hasDisallowedCharacters(value), disallowedCharactersMessage(field))
        .refine(hasVisibleCharacters, invisibleNameMessage(field))
        .superRefine((value, ctx) => {
          const word = reservedWordIn(value);
          if (word) ctx.addIssue({ code: 'custom', message: reservedNameMessage(field, word) });
        }),
    );
}

import type { z } from 'zod';

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

import { screenText, type ScreeningSurface } from '../../src/lib/screening/screen.js';

/** Every surface the screening knows: text a test writes in several places passes all of them. */
export const EVERY_SURFACE: ScreeningSurface[] = ['listing', 'profile', 'message', 'review'];
export const HEX_DIGITS = '0123456789abcdef';
const LETTERS_AND_DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random run for a test's text (a unique name, title, search word or private mark) that adds
 * nothing the screening would act on (docs/trust-and-safety.md "Screening"). A bare random run now
 * and then spells a word the screening holds or refuses, in look-alike digits or without vowels
 * ("455", "717", "f3ck"), and a sign-up, a listing or a message failed at random. So the run is
 * drawn again until the text it makes (`wrap`) gives the screening no more reasons than the same
 * text without it: a label a test means to be held ("Sexy rooftop bar night") stays held for that
 * reason alone. The server tests and the browser journeys (e2e/support/unique.ts) both draw here.
 */
export function screenedRandom(
  length: number,
  surfaces: ScreeningSurface | ScreeningSurface[],
  wrap: (run: string) => string = (run) => run,
  alphabet = LETTERS_AND_DIGITS,
): string {
  const reasonsIn = (text: string) =>
    [surfaces].flat().reduce((count, surface) => count + screenText(text, 'text', { surface }).reasons.length, 0);
  const withoutRun = reasonsIn(wrap(''));
  for (;;) {
    const run = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    if (reasonsIn(wrap(run)) === withoutRun) return run;
  }
}

import { screenText, type ScreeningSurface } from '../../apps/server/src/lib/screening/screen';

/**
 * A random run of letters and digits that this run's listings, names, messages and searches can
 * tell apart, and that adds nothing the server's own screening would act on
 * (docs/trust-and-safety.md "Screening"). A bare random base-36 run now and then spells a word the
 * screening holds or refuses, in look-alike digits or without vowels ("f3ck", "717"), and the
 * journey failed at random. So the run is drawn again until the text it makes (`wrap`) gives the
 * screening no more reasons than the same text without it: a label the journey means to be held
 * ("Sexy rooftop bar night") stays held for that reason alone.
 */
export function screenedRandom(
  length: number,
  surfaces: ScreeningSurface | ScreeningSurface[],
  wrap: (run: string) => string = (run) => run,
  alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789',
): string {
  const reasonsIn = (text: string) =>
    [surfaces].flat().reduce((count, surface) => count + screenText(text, 'text', { surface }).reasons.length, 0);
  const withoutRun = reasonsIn(wrap(''));
  for (;;) {
    const run = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    if (reasonsIn(wrap(run)) === withoutRun) return run;
  }
}

/**
 * A first name no other test on the shared server uses (`label` and five letters or digits), so
 * searches and lists find only ours.
 */
export const uniqueName = (label: string) => `${label}${screenedRandom(5, 'profile', (run) => `${label}${run}`)}`;

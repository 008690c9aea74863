import { screenText, type ScreeningSurface } from '../../apps/server/src/lib/screening/screen';

/**
 * A random run of letters and digits that this run's listings, names, messages and searches can
 * tell apart, and that the server's own screening lets through on `surface`
 * (docs/trust-and-safety.md "Screening"). A bare random base-36 run now and then spells a word the
 * screening holds or refuses, in look-alike digits or without vowels ("f3ck", "717"): the listing
 * was then held for review, hidden, and a journey failed at random on "Auction has ended". So the
 * run is drawn again until the text it makes (`wrap`) is allowed, as a member's own words would be.
 */
export function screenedRandom(
  length: number,
  surfaces: ScreeningSurface | ScreeningSurface[],
  wrap: (run: string) => string = (run) => run,
  alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789',
): string {
  for (;;) {
    const run = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    const text = wrap(run);
    const allowed = [surfaces].flat().every((surface) => screenText(text, 'text', { surface }).verdict === 'allow');
    if (allowed) return run;
  }
}

/**
 * A first name no other test on the shared server uses (`label` and five letters or digits), so
 * searches and lists find only ours.
 */
export const uniqueName = (label: string) => `${label}${screenedRandom(5, 'profile', (run) => `${label}${run}`)}`;

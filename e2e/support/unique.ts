import { screenedRandom } from '../../apps/server/test/support/screened-random';

// The one way a journey draws random text the screening lets through (docs/trust-and-safety.md
// "Screening"): shared with the server tests.
export { screenedRandom };

/**
 * A first name no other test on the shared server uses (`label` and five letters or digits), so
 * searches and lists find only ours.
 */
export const uniqueName = (label: string) => `${label}${screenedRandom(5, 'profile', (run) => `${label}${run}`)}`;

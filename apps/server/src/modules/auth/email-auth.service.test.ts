import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { dummyPasswordHash } from './email-auth.service.js';

/** The PHC string's algorithm, version and cost section: what decides how long a verification takes. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

/**
 * Constant time for sign-in's early password check (docs/accounts.md): with no real hash to check
 * (unknown address, account without a password) the server verifies against a dummy hash, which
 * must cost exactly what a member's hash costs, or the time would tell who is a member.
 */
describe('the dummy password hash', () => {
  it('has the same algorithm and cost as the hashes written for members', async () => {
    const dummy = await dummyPasswordHash();
    const real = await hashPassword('a member password');
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(costOf(dummy)).toBe(costOf(real));
  });

  it('is made once and matches no password anyone would type', async () => {
    const first = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(first);
    for (const guess of ['', 'password', 'correct horse battery', first]) {
      expect(await verifyPassword(first, guess)).toBe(false);
    }
  });
});

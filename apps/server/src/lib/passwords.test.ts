import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

/**
 * Written by the `argon2` package (0.45) the server used before @node-rs/argon2: existing
 * accounts must keep signing in. Its PHC parameter order (m, p, t) differs from the new one's.
 */
const LEGACY_HASHES = {
  signUp: {
    password: 'correct horse battery staple',
    hash: '$argon2id$v=19$m=19456,p=1,t=2$924S5xBviAYiwujVxlgcFQ$g/ErJnZvsWwlpHkBdRun4Mtjo1it6zf2IT+vUqnD+JQ',
  },
  // The demo seed hashed with that package's defaults (64 MiB, 3 passes, 4 lanes).
  demoSeed: {
    password: 'demo-password-2025',
    hash: '$argon2id$v=19$m=65536,p=4,t=3$IL06j7FJnbHxJLlWAEVT9Q$6ug59TXe3FYCBWEXNl4I9IQULBnCKEexVZo8a/30/nc',
  },
};

describe('password hashing', () => {
  it.each(Object.entries(LEGACY_HASHES))(
    'verifies a %s hash written by the former argon2 package',
    async (_, legacy) => {
      expect(await verifyPassword(legacy.hash, legacy.password)).toBe(true);
      expect(await verifyPassword(legacy.hash, `${legacy.password}!`)).toBe(false);
    },
  );

  it('writes argon2id with the OWASP settings, salted, and verifies only the right password', async () => {
    const first = await hashPassword('a long enough password');
    const second = await hashPassword('a long enough password');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, 'a long enough password')).toBe(true);
    expect(await verifyPassword(first, 'A long enough password')).toBe(false);
  });

  it('answers false for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('', 'anything')).toBe(false);
  });
});

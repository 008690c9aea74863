import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id through @node-rs/argon2, which ships prebuilt binaries for every
 * supported Node version and has no install script (`npm ci --ignore-scripts` still works).
 * Hashes are PHC strings, so those written by the earlier `argon2` package keep verifying.
 */

/** Algorithm.Argon2id: the package declares an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;

/** OWASP's recommended argon2id settings (19 MiB, 2 passes, 1 lane): strong, and quick enough for sign-in bursts. */
const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not a readable hash (never throws). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return verify(storedHash, password).catch(() => false);
}

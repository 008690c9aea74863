import { normalizePersonName, personName, type SignInProvider } from '@bid/contract';
import type { Db } from '../../../db/client.js';
import type { ProviderProfile } from './provider-catalog.js';
import {
  findIdentityUserId,
  findUserIdByEmail,
  insertIdentity,
  insertUserWithIdentity,
  isUniqueViolation,
  type NewIdentity,
} from './provider-accounts.repository.js';

export type AccountDecision =
  | { kind: 'signed-in'; userId: string; how: 'existing-identity' | 'linked' | 'created' }
  /** The verified e-mail already has an account: its owner must sign in first and link from there. */
  | { kind: 'account-exists' };

/** The same shape users.email has to pass (its check constraint), so a strange claim cannot fail the insert. */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MAX_EMAIL_LENGTH = 320;
const MAX_NAME_LENGTH = 100;

/**
 * The account rule of docs/sign-in-providers.md. Accounts are keyed by provider + subject and
 * never joined by e-mail alone (docs/engineering.md §5): an e-mail match could be a recycled address or a
 * provider that let someone claim an address they do not own.
 */
export async function resolveProviderAccount(
  db: Db,
  input: { provider: SignInProvider; profile: ProviderProfile; signedInUserId: string | undefined },
): Promise<AccountDecision> {
  const { provider, profile, signedInUserId } = input;
  const existing = await findIdentityUserId(db, provider, profile.subject);
  if (existing) return { kind: 'signed-in', userId: existing, how: 'existing-identity' };

  // An unverified address is neither stored nor used to answer "exists", so nobody can probe
  // for members through a provider that lets them type any address (docs/engineering.md §5).
  const verifiedEmail = profile.isEmailVerified ? normalizeEmail(profile.email) : undefined;
  const identity: NewIdentity = { provider, subject: profile.subject, email: verifiedEmail ?? null };

  if (signedInUserId) {
    try {
      await insertIdentity(db, signedInUserId, identity);
    } catch (err) {
      return recoverFromRace(db, err, identity);
    }
    return { kind: 'signed-in', userId: signedInUserId, how: 'linked' };
  }

  if (verifiedEmail && (await findUserIdByEmail(db, verifiedEmail))) return { kind: 'account-exists' };

  try {
    const userId = await insertUserWithIdentity(
      db,
      {
        email: verifiedEmail ?? null,
        firstName: trimName(profile.givenName),
        lastName: trimName(profile.familyName),
      },
      identity,
    );
    return { kind: 'signed-in', userId, how: 'created' };
  } catch (err) {
    return recoverFromRace(db, err, identity);
  }
}

/**
 * Two callbacks for the same person can race (double click, two tabs). The loser's insert hits
 * a unique index: either the identity now exists (sign into it) or the e-mail was just taken.
 */
async function recoverFromRace(db: Db, err: unknown, identity: NewIdentity): Promise<AccountDecision> {
  if (!isUniqueViolation(err)) throw err;
  const userId = await findIdentityUserId(db, identity.provider, identity.subject);
  if (userId) return { kind: 'signed-in', userId, how: 'existing-identity' };
  return { kind: 'account-exists' };
}

function normalizeEmail(email: string | undefined): string | undefined {
  const normalized = email?.trim().toLowerCase();
  if (!normalized || normalized.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(normalized)) return undefined;
  return normalized;
}

/** The profile's own name rule (docs/accounts.md, "Names"), applied to what a provider sends. */
const providerName = personName('Name', 'Name is required', MAX_NAME_LENGTH, 'Name is too long');

function trimName(name: string | undefined): string | null {
  // A provider's name that breaks the rule is left out, and the member types their own on the
  // profile form; one that is merely long is cut to fit.
  const parsed = providerName.safeParse(normalizePersonName(name ?? '').slice(0, MAX_NAME_LENGTH));
  return parsed.success ? parsed.data : null;
}

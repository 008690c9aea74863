import type { AuditAction } from '@bid/contract';
import type { JsonValue } from './audit.hash.js';

/**
 * How long each kind of entry is kept, in years from the event.
 *
 * - Sign-in and access decisions: 1 year. Long enough to investigate an account
 *   takeover or abuse report, short enough that an IP and browser trail is not kept
 *   beyond its use (storage limitation, GDPR art. 5(1)(e)).
 * - Identity verification and the custody of identity documents: 7 years, the common
 *   record-keeping horizon for identity (KYC) evidence, so we can show later how and
 *   when an account was verified and that its documents were secured or erased.
 *
 * A `Record` over every action, so adding an action to the contract fails to compile
 * until someone decides how long it is kept.
 */
export const AUDIT_RETENTION_YEARS: Readonly<Record<AuditAction, number>> = {
  login: 1,
  logout: 1,
  access_granted: 1,
  access_denied: 1,
  verify: 7,
  verification_start: 7,
  verification_complete: 7,
  upload: 7,
  download: 7,
  delete: 7,
  document_secured: 7,
};

/**
 * When an entry may be purged: the event time plus the action's retention, in UTC
 * calendar years (an event on 29 February expires on 1 March).
 */
export function computeRetentionDate(action: AuditAction, at: Date): Date {
  const expires = new Date(at.getTime());
  expires.setUTCFullYear(expires.getUTCFullYear() + AUDIT_RETENTION_YEARS[action]);
  return expires;
}

/** Keys whose values are credentials, one-time codes or session material (docs/engineering.md §5). */
const SENSITIVE_KEY_PATTERN = /pass|otp|token|secret|cookie|session|authorization|api[-_]?key|selfie|biometric/i;
const SENSITIVE_EXACT_KEYS = new Set(['code', 'sid', 'pin']);

export function isSensitiveDetailKey(key: string): boolean {
  return SENSITIVE_KEY_PATTERN.test(key) || SENSITIVE_EXACT_KEYS.has(key.toLowerCase());
}

function redactValue(value: unknown): JsonValue | undefined {
  if (value === null) return null;
  if (typeof value === 'string') {
    // jsonb refuses U+0000; dropping it keeps a hostile string from making the append fail.
    return value.replaceAll('\u0000', '');
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactValue(item) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (isSensitiveDetailKey(key)) continue;
      const cleaned = redactValue(inner);
      if (cleaned !== undefined) out[key.replaceAll('\u0000', '')] = cleaned;
    }
    return out;
  }
  // Functions, symbols, bigints and undefined have no JSON form; JSON.stringify drops them too.
  return undefined;
}

/**
 * Details as they may be stored: secrets removed at any depth, and reduced to plain
 * JSON so the value hashed is the value jsonb gives back. Removal happens before hashing,
 * so a secret never reaches the chain even transiently.
 *
 * The key list is a safety net, not permission: callers must still not pass documents,
 * selfies or biometric data (docs/engineering.md §5).
 */
export function redactAuditDetails(
  details: Record<string, unknown> | null | undefined,
): Record<string, JsonValue> | null {
  if (details === null || details === undefined) return null;
  return redactValue(details) as Record<string, JsonValue>;
}

import { createHash } from 'node:crypto';
import type { AuditAction, AuditOutcome, ComplianceLevel } from '@bid/contract';

/** JSON as stored in `details` after the service has normalized it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Everything an entry's hash covers. `id` is left out: it is a surrogate key, and the
 * chain's identity is the sequence. Absent values are `null`, never `undefined`, so that
 * an entry hashes the same when it is written and when it is read back.
 */
export interface AuditEntryContent {
  sequence: number;
  timestamp: Date;
  userId: string | null;
  action: AuditAction;
  resource: string;
  resourceId: string | null;
  outcome: AuditOutcome;
  details: JsonValue | null;
  clientIp: string | null;
  userAgent: string | null;
  /** Already the SHA-256 of the session id (see `hashSessionId`). */
  sessionId: string | null;
  previousHash: string | null;
  retentionDate: Date | null;
  complianceLevel: ComplianceLevel;
}

/**
 * JSON with object keys sorted (by UTF-16 code unit) and no whitespace. PostgreSQL's
 * jsonb keeps its own key order, so hashing `JSON.stringify` of what comes back would
 * not reproduce the hash of what went in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // jsonb cannot hold NaN or Infinity, so accepting them would produce a hash no stored row can match.
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not valid JSON`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${members.join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} is not valid JSON`);
  }
}

const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/**
 * The exact bytes an entry's hash is taken over. Field names are spelled out (rather
 * than positions) so that a reader of a dispute can see what was signed off.
 */
export function serializeAuditEntry(entry: AuditEntryContent): string {
  return canonicalJson({
    sequence: entry.sequence,
    timestamp: entry.timestamp.toISOString(),
    userId: entry.userId,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId,
    outcome: entry.outcome,
    details: entry.details,
    clientIp: entry.clientIp,
    userAgent: entry.userAgent,
    sessionId: entry.sessionId,
    previousHash: entry.previousHash,
    retentionDate: isoOrNull(entry.retentionDate),
    complianceLevel: entry.complianceLevel,
  });
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** SHA-256 (hex) of `serializeAuditEntry(entry)`: the value stored in `entry_hash`. */
export function computeAuditEntryHash(entry: AuditEntryContent): string {
  return sha256Hex(serializeAuditEntry(entry));
}

/**
 * The audit trail keeps only a SHA-256 of a session id: whoever reads the trail (or a
 * backup of it) must not be able to take over a live session, yet an investigator who
 * holds a session id can still hash it and find every entry it produced.
 */
export function hashSessionId(rawSessionId: string): string {
  return sha256Hex(rawSessionId);
}

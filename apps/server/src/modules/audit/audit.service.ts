import type { AuditAction, AuditOutcome, ComplianceLevel } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { AuditLog } from '../../db/schema/index.js';
import { computeAuditEntryHash, hashSessionId, type AuditEntryContent, type JsonValue } from './audit.hash.js';
import { computeRetentionDate, redactAuditDetails } from './audit.policy.js';
import { findLastAuditEntry, insertAuditEntry, listAuditEntriesAfter, lockAuditChain } from './audit.repository.js';

export interface AuditEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  resource: string;
  resourceId?: string | null;
  userId?: string | null;
  /** Free-form context. Secret-looking keys are dropped before storage (see `redactAuditDetails`). */
  details?: Record<string, unknown> | null;
  clientIp?: string | null;
  userAgent?: string | null;
  /** The raw session id; only its SHA-256 is stored (see `hashSessionId`). */
  sessionId?: string | null;
  complianceLevel?: ComplianceLevel;
  /** When it happened; defaults to the moment the entry joins the chain. */
  at?: Date;
}

/**
 * Appends one entry to the audit hash chain (GUIDE §5) and returns the stored row.
 *
 * Appends are serialized by a transaction-scoped advisory lock, so the sequence stays
 * gap-free and each entry links to the one before it even with several app instances
 * writing at once. Passing a transaction as `db` makes the entry part of it: if the
 * caller rolls back, so does the entry, and the sequence number is not used up.
 * The caller's transaction must be READ COMMITTED (PostgreSQL's default): a snapshot
 * taken before the lock would not see the latest entry.
 */
export async function recordAuditEvent(db: Db, event: AuditEvent): Promise<AuditLog> {
  const details = redactAuditDetails(event.details);
  const sessionId = event.sessionId ? hashSessionId(event.sessionId) : null;

  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const previous = await findLastAuditEntry(tx);
    // Taken under the lock, so timestamps follow the sequence on any one clock.
    const timestamp = event.at ?? new Date();
    const content: AuditEntryContent = {
      sequence: previous ? previous.sequence + 1 : 1,
      timestamp,
      userId: event.userId ?? null,
      action: event.action,
      resource: event.resource,
      resourceId: event.resourceId ?? null,
      outcome: event.outcome,
      details,
      clientIp: event.clientIp ?? null,
      userAgent: event.userAgent ?? null,
      sessionId,
      previousHash: previous ? previous.entryHash : null,
      retentionDate: computeRetentionDate(event.action, timestamp),
      complianceLevel: event.complianceLevel ?? 'ial2',
    };
    return insertAuditEntry(tx, { ...content, entryHash: computeAuditEntryHash(content) });
  });
}

/** The content of a stored row, as it was hashed when the row was appended. */
export function toAuditEntryContent(row: AuditLog): AuditEntryContent {
  return {
    sequence: row.sequence,
    timestamp: row.timestamp,
    userId: row.userId,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    outcome: row.outcome,
    details: (row.details ?? null) as JsonValue | null,
    clientIp: row.clientIp,
    userAgent: row.userAgent,
    sessionId: row.sessionId,
    previousHash: row.previousHash,
    retentionDate: row.retentionDate,
    complianceLevel: row.complianceLevel,
  };
}

/**
 * Why `row` does not continue the chain after `previous` (`null` when `row` comes first),
 * or `null` when it does. The sequence is checked before the content and the content
 * before the link, so each kind of tampering gets the reason that describes it:
 * a deletion shows as a gap, an edit as a content mismatch, an edit whose hash was
 * recomputed as a broken link from the next entry.
 */
export function findAuditEntryProblem(
  row: AuditLog,
  previous: Pick<AuditLog, 'sequence' | 'entryHash'> | null,
): string | null {
  const expectedSequence = previous ? previous.sequence + 1 : 1;
  if (row.sequence !== expectedSequence) return `sequence gap: expected ${expectedSequence}, found ${row.sequence}`;
  if (computeAuditEntryHash(toAuditEntryContent(row)) !== row.entryHash) return 'entry hash does not match its content';
  if (previous === null) {
    if (row.previousHash !== null) return 'the first entry must not have a previous hash';
  } else if (row.previousHash !== previous.entryHash) {
    return `previous hash does not match entry ${previous.sequence}`;
  }
  return null;
}

export type AuditChainReport =
  | { ok: true; entries: number }
  | {
      ok: false;
      /** How many entries were intact before the broken one. */
      entries: number;
      brokenAt: { sequence: number; id: string; reason: string };
    };

const DEFAULT_VERIFY_BATCH_SIZE = 1000;

/**
 * Walks the whole chain in sequence order, a page at a time so memory stays flat however
 * long the trail grows, and stops at the first entry that does not check out. Entries
 * appended while the walk runs are included: appends only ever extend the end.
 */
export async function verifyAuditChain(db: Db, options: { batchSize?: number } = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? DEFAULT_VERIFY_BATCH_SIZE;
  let previous: AuditLog | null = null;
  let entries = 0;
  for (;;) {
    const page = await listAuditEntriesAfter(db, previous?.sequence ?? null, batchSize);
    for (const row of page) {
      const reason = findAuditEntryProblem(row, previous);
      if (reason !== null) {
        return { ok: false, entries, brokenAt: { sequence: row.sequence, id: row.id, reason } };
      }
      previous = row;
      entries += 1;
    }
    if (page.length < batchSize) return { ok: true, entries };
  }
}

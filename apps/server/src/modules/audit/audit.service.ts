import type { AuditAction, AuditOutcome, ComplianceLevel } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { AuditLog } from '../../db/schema/index.js';
import { computeAuditEntryHash, hashSessionId, type AuditEntryContent, type JsonValue } from './audit.hash.js';
import { computeRetentionDate, redactAuditDetails } from './audit.policy.js';
import {
  findAuditChainHead,
  findLastAuditEntry,
  insertAuditEntry,
  listAuditEntriesAfter,
  lockAuditChain,
  moveAuditChainHead,
} from './audit.repository.js';

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
 * Appends one entry to the audit hash chain (docs/engineering.md §5) and returns the stored row.
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
    const entry = await insertAuditEntry(tx, { ...content, entryHash: computeAuditEntryHash(content) });
    await moveAuditChainHead(tx, entry);
    return entry;
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
 * long the trail grows, and stops at the first entry that does not check out. Then compares
 * the end of the chain with the recorded head, read before the walk: entries appended while
 * the walk runs only extend the chain past it, but entries deleted from the end leave it
 * pointing at an entry that is gone.
 */
export async function verifyAuditChain(db: Db, options: { batchSize?: number } = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? DEFAULT_VERIFY_BATCH_SIZE;
  const head = (await findAuditChainHead(db)) ?? null;
  let previous: AuditLog | null = null;
  let atHead: AuditLog | null = null;
  let entries = 0;
  for (;;) {
    const page = await listAuditEntriesAfter(db, previous?.sequence ?? null, batchSize);
    for (const row of page) {
      const reason = findAuditEntryProblem(row, previous);
      if (reason !== null) {
        return { ok: false, entries, brokenAt: { sequence: row.sequence, id: row.id, reason } };
      }
      if (row.sequence === head?.sequence) atHead = row;
      previous = row;
      entries += 1;
    }
    if (page.length < batchSize) break;
  }
  const headProblem = findChainHeadProblem(head, atHead, previous);
  return headProblem ? { ok: false, entries, brokenAt: headProblem } : { ok: true, entries };
}

/** Why the intact chain ending at `last` disagrees with the recorded head, or null when it agrees. */
function findChainHeadProblem(
  head: Pick<AuditLog, 'sequence' | 'entryHash'> | null,
  atHead: AuditLog | null,
  last: AuditLog | null,
): { sequence: number; id: string; reason: string } | null {
  if (head === null) {
    if (last === null) return null;
    return { sequence: last.sequence, id: last.id, reason: 'the chain head record is missing' };
  }
  if (atHead === null) {
    const missingFrom = last ? last.sequence + 1 : 1;
    return {
      sequence: missingFrom,
      id: 'missing',
      reason: `entries ${missingFrom} to ${head.sequence} are missing: the chain ends at ${last?.sequence ?? 0} but its head records entry ${head.sequence}`,
    };
  }
  if (atHead.entryHash !== head.entryHash) {
    return { sequence: atHead.sequence, id: atHead.id, reason: 'entry hash does not match the recorded chain head' };
  }
  return null;
}

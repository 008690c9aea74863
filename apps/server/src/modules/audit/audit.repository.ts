import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditChainHead, auditLogs, type AuditLog, type NewAuditLog } from '../../db/schema/index.js';

/**
 * Any constant works as long as every instance of this app uses the same one and it
 * differs from the app's other advisory lock keys (migrations, demo seed: 7_311_202_5xx).
 */
const AUDIT_CHAIN_LOCK_KEY = 7_311_202_517;

/**
 * Blocks until no other transaction, in this process or another instance, is appending
 * to the chain. Released at commit or rollback, so an append that fails leaves no gap.
 */
export async function lockAuditChain(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY}::bigint)`);
}

export async function findLastAuditEntry(tx: Db): Promise<Pick<AuditLog, 'sequence' | 'entryHash'> | undefined> {
  const [row] = await tx
    .select({ sequence: auditLogs.sequence, entryHash: auditLogs.entryHash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.sequence))
    .limit(1);
  return row;
}

export async function insertAuditEntry(tx: Db, entry: NewAuditLog): Promise<AuditLog> {
  const [row] = await tx.insert(auditLogs).values(entry).returning();
  if (!row) throw new Error('insert into audit_logs returned no row');
  return row;
}

/** Records `entry` as the chain's newest, inside the append's transaction (under its lock). */
export async function moveAuditChainHead(tx: Db, entry: Pick<AuditLog, 'sequence' | 'entryHash'>): Promise<void> {
  const head = { sequence: entry.sequence, entryHash: entry.entryHash, updatedAt: sql`now()` };
  await tx
    .insert(auditChainHead)
    .values({ id: 1, ...head })
    .onConflictDoUpdate({ target: auditChainHead.id, set: head });
}

export async function findAuditChainHead(db: Db): Promise<Pick<AuditLog, 'sequence' | 'entryHash'> | undefined> {
  const [row] = await db
    .select({ sequence: auditChainHead.sequence, entryHash: auditChainHead.entryHash })
    .from(auditChainHead)
    .limit(1);
  return row;
}

/**
 * One page of the chain in sequence order; keyset paging keeps each page as cheap as the
 * first. The first page (`afterSequence` null) has no lower bound, so a row whose
 * sequence was set to zero or below is still seen.
 */
export async function listAuditEntriesAfter(db: Db, afterSequence: number | null, limit: number): Promise<AuditLog[]> {
  return db
    .select()
    .from(auditLogs)
    .where(afterSequence === null ? undefined : gt(auditLogs.sequence, afterSequence))
    .orderBy(asc(auditLogs.sequence))
    .limit(limit);
}

/**
 * Runs `work` in a transaction where the audit tables accept UPDATE, DELETE and TRUNCATE
 * (migration 0015 refuses them otherwise, for every role). Only maintenance uses it: repairs an
 * operator decides on, and tests that tamper with the chain on purpose.
 */
export async function withAuditMaintenance<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('bidyourdate.audit_maintenance', 'on', true)`);
    return work(tx);
  });
}

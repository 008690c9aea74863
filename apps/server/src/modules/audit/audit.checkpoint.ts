import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { S3ObjectStorage } from '../../lib/storage/s3-storage.js';
import { rowsOf } from '../../db/sql-helpers.js';
import { findAuditChainHead } from './audit.repository.js';

/**
 * Signed checkpoints of the audit chain's head, kept OUTSIDE the database (docs/reliability.md,
 * "The audit chain"). Whoever can write to the database can rewrite the chain and its head
 * together so that both check out; they cannot also rewrite a checkpoint they cannot sign. The
 * verifier compares the entry at the checkpoint's sequence with the checkpointed hash.
 */
export interface AuditCheckpoint {
  sequence: number;
  entryHash: string;
  /** When the checkpoint was taken (ISO). */
  takenAt: string;
}

interface SignedCheckpoint extends AuditCheckpoint {
  /** HMAC-SHA256 of the other fields with AUDIT_CHECKPOINT_KEY, hex. */
  signature: string;
}

/** How often each instance writes a checkpoint of the head. */
export const AUDIT_CHECKPOINT_INTERVAL_MS = 15 * 60_000;
const CHECKPOINT_NAME = 'audit-checkpoint.json';
const DEVELOPMENT_KEY_NAME = 'audit-checkpoint.key';
/** The S3 object the checkpoint is kept in when S3 is configured. */
export const AUDIT_CHECKPOINT_OBJECT_KEY = `audit/${CHECKPOINT_NAME}`;

/** Where checkpoints are kept: a file under DATA_DIR, or an S3 object. */
export interface CheckpointStore {
  readonly description: string;
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

export function createCheckpointStore(config: Pick<AppConfig, 'dataDir' | 's3'>): CheckpointStore {
  if (config.s3) {
    const storage = new S3ObjectStorage(config.s3);
    return {
      description: `s3://${config.s3.bucket}/${AUDIT_CHECKPOINT_OBJECT_KEY}`,
      read: async () => (await storage.readObject(AUDIT_CHECKPOINT_OBJECT_KEY, 64 * 1024))?.toString('utf8'),
      write: (text) => storage.writeObject(AUDIT_CHECKPOINT_OBJECT_KEY, Buffer.from(text), 'application/json'),
    };
  }
  const file = path.join(config.dataDir, CHECKPOINT_NAME);
  return {
    description: file,
    async read() {
      try {
        return await readFile(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async write(text) {
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a checkpoint.
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, file);
    },
  };
}

/**
 * The signing key: AUDIT_CHECKPOINT_KEY, required in production. Elsewhere a random key is
 * generated once and kept in DATA_DIR, so development checkpoints still verify across restarts.
 */
export async function resolveAuditCheckpointKey(
  config: Pick<AppConfig, 'auditCheckpointKey' | 'dataDir' | 'isProduction'>,
): Promise<string> {
  if (config.auditCheckpointKey) return config.auditCheckpointKey;
  if (config.isProduction) throw new Error('AUDIT_CHECKPOINT_KEY is required in production.');
  const file = path.join(config.dataDir, DEVELOPMENT_KEY_NAME);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    // 'wx': of two processes starting at once, the first key written is the one both use.
    await writeFile(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw err;
  }
}

function signatureOf(checkpoint: AuditCheckpoint, key: string): string {
  const signed = `${checkpoint.sequence}.${checkpoint.entryHash}.${checkpoint.takenAt}`;
  return createHmac('sha256', key).update(signed).digest('hex');
}

export function signAuditCheckpoint(checkpoint: AuditCheckpoint, key: string): string {
  const signed: SignedCheckpoint = { ...checkpoint, signature: signatureOf(checkpoint, key) };
  return `${JSON.stringify(signed)}\n`;
}

export type ReadCheckpoint = { ok: true; checkpoint: AuditCheckpoint } | { ok: false; reason: string };

/** Parses a stored checkpoint and checks its signature, in constant time. */
export function readSignedCheckpoint(text: string, key: string): ReadCheckpoint {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the checkpoint is not readable JSON' };
  }
  const candidate = value as Partial<SignedCheckpoint> | null;
  if (
    !candidate ||
    typeof candidate.sequence !== 'number' ||
    !Number.isSafeInteger(candidate.sequence) ||
    typeof candidate.entryHash !== 'string' ||
    typeof candidate.takenAt !== 'string' ||
    typeof candidate.signature !== 'string'
  ) {
    return { ok: false, reason: 'the checkpoint is missing fields' };
  }
  const checkpoint = { sequence: candidate.sequence, entryHash: candidate.entryHash, takenAt: candidate.takenAt };
  const expected = Buffer.from(signatureOf(checkpoint, key), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(candidate.signature) ? candidate.signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'the checkpoint signature does not match: it was forged or signed with another key' };
  }
  return { ok: true, checkpoint };
}

/**
 * Writes a checkpoint of the current head, unless the stored one is already at or past it
 * (several instances write to one shared place; the head only moves forward). Answers the
 * checkpoint written, or undefined when there was nothing new.
 */
export async function writeAuditCheckpoint(
  db: Db,
  store: CheckpointStore,
  key: string,
  now: Date,
): Promise<AuditCheckpoint | undefined> {
  const head = await findAuditChainHead(db);
  if (!head) return undefined;
  const stored = await store.read();
  if (stored !== undefined) {
    const previous = readSignedCheckpoint(stored, key);
    // A checkpoint that does not verify is evidence: it is never overwritten, audit:verify names it.
    if (!previous.ok)
      throw new Error(`The stored audit checkpoint is invalid (${previous.reason}); not overwriting it.`);
    if (previous.checkpoint.sequence >= head.sequence) return undefined;
  }
  const checkpoint: AuditCheckpoint = {
    sequence: head.sequence,
    entryHash: head.entryHash,
    takenAt: now.toISOString(),
  };
  await store.write(signAuditCheckpoint(checkpoint, key));
  return checkpoint;
}

export type CheckpointComparison =
  { ok: true; checkpoint: AuditCheckpoint | undefined } | { ok: false; sequence: number; reason: string };

/**
 * Compares the chain in the database with the latest checkpoint: the entry at the checkpoint's
 * sequence must still exist with the checkpointed hash. A chain rewritten end to end with a
 * consistent head passes every check inside the database and fails this one.
 */
export async function compareWithCheckpoint(
  db: Db,
  store: CheckpointStore,
  key: string,
): Promise<CheckpointComparison> {
  const stored = await store.read();
  if (stored === undefined) return { ok: true, checkpoint: undefined };
  const read = readSignedCheckpoint(stored, key);
  if (!read.ok) return { ok: false, sequence: 0, reason: read.reason };
  const { checkpoint } = read;
  const [row] = rowsOf<{ entry_hash: string }>(
    await db.execute(sql`SELECT entry_hash FROM audit_logs WHERE sequence = ${checkpoint.sequence}`),
  );
  if (!row) {
    return {
      ok: false,
      sequence: checkpoint.sequence,
      reason: `entry #${checkpoint.sequence}, checkpointed at ${checkpoint.takenAt}, is missing`,
    };
  }
  if (row.entry_hash !== checkpoint.entryHash) {
    return {
      ok: false,
      sequence: checkpoint.sequence,
      reason: `entry #${checkpoint.sequence} does not match the checkpoint taken at ${checkpoint.takenAt}: the chain was rewritten`,
    };
  }
  return { ok: true, checkpoint };
}

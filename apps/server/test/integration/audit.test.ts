import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { auditLogs, type AuditLog } from '../../src/db/schema/index.js';
import { computeAuditEntryHash } from '../../src/modules/audit/audit.hash.js';
import { computeRetentionDate } from '../../src/modules/audit/audit.policy.js';
import {
  compareWithCheckpoint,
  createCheckpointStore,
  resolveAuditCheckpointKey,
  signAuditCheckpoint,
  writeAuditCheckpoint,
} from '../../src/modules/audit/audit.checkpoint.js';
import { withAuditMaintenance } from '../../src/modules/audit/audit.repository.js';
import {
  recordAuditEvent,
  toAuditEntryContent,
  verifyAuditChain,
  type AuditEvent,
} from '../../src/modules/audit/audit.service.js';
import { serverRoot } from '../../src/lib/paths.js';
import { connectionUrlOf, postgresOnlyFactories, testDatabaseFactories } from '../support/databases.js';
import { suiteWorld } from '../support/world.js';

const USER_ID = '11111111-2222-4333-8444-555555555555';

function loginEvent(n: number): AuditEvent {
  return {
    action: 'login',
    outcome: 'success',
    resource: 'session',
    userId: USER_ID,
    details: { method: 'email', attempt: n },
    clientIp: '198.51.100.7',
    userAgent: 'Vitest',
    sessionId: `session-${n}`,
  };
}

async function appendEvents(db: Db, count: number): Promise<AuditLog[]> {
  const rows: AuditLog[] = [];
  for (let n = 1; n <= count; n += 1) rows.push(await recordAuditEvent(db, loginEvent(n)));
  return rows;
}

/** Edits an entry's outcome and recomputes its own hash, as a forger who knows the hash function would. */
async function rewriteWithRecomputedHash(db: Db, row: AuditLog): Promise<void> {
  const forged = { ...toAuditEntryContent(row), outcome: 'failure' as const };
  await withAuditMaintenance(db, (tx) =>
    tx
      .update(auditLogs)
      .set({ outcome: 'failure', entryHash: computeAuditEntryHash(forged) })
      .where(eq(auditLogs.id, row.id)),
  );
}

/** Runs tampering statements with maintenance on: migration 0015 refuses them otherwise. */
async function tamper(db: Db, ...statements: SQL[]): Promise<void> {
  await withAuditMaintenance(db, async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
}

async function listChain(db: Db): Promise<AuditLog[]> {
  return db.select().from(auditLogs).orderBy(asc(auditLogs.sequence));
}

/**
 * Rewrites the whole chain as a forger with the database role would: every entry edited, every
 * hash and link recomputed, the head moved along. Every check inside the database passes after it.
 */
async function rewriteChainEndToEnd(db: Db): Promise<void> {
  await withAuditMaintenance(db, async (tx) => {
    let previousHash: string | null = null;
    for (const row of await listChain(tx)) {
      const forged = { ...toAuditEntryContent(row), clientIp: '203.0.113.66', previousHash };
      const entryHash = computeAuditEntryHash(forged);
      await tx
        .update(auditLogs)
        .set({ clientIp: forged.clientIp, previousHash, entryHash })
        .where(eq(auditLogs.id, row.id));
      await tx.execute(sql`update audit_chain_head set entry_hash = ${entryHash} where sequence = ${row.sequence}`);
      previousHash = entryHash;
    }
  });
}

interface CliResult {
  code: number | null;
  output: string;
}

/** Runs `src/scripts/audit-verify.ts` the way `npm run audit:verify` does, from the server folder. */
async function runVerifyCli(env: Record<string, string>): Promise<CliResult> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  // Keep the child in the server folder rather than wherever `npm` was started.
  delete childEnv.INIT_CWD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/audit-verify.ts'], {
    cwd: serverRoot(),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, output };
}

describe.each(testDatabaseFactories())('audit chain on $kind', (factory) => {
  const world = suiteWorld(factory);
  beforeEach(async () => {
    await tamper(world.db, sql`delete from audit_logs`);
    await tamper(world.db, sql`delete from audit_chain_head`);
  });

  // Migration 0015: the connection here is the tables' owner (a superuser, even), and still refused.
  it.each([
    ['UPDATE', sql`update audit_logs set outcome = 'failure' where sequence = 2`],
    ['DELETE', sql`delete from audit_logs where sequence = 3`],
    ['TRUNCATE', sql`truncate audit_logs`],
    ['DELETE', sql`delete from audit_chain_head`],
    ['TRUNCATE', sql`truncate audit_chain_head`],
  ])('refuses %s by the owner outside maintenance, changing nothing', async (operation, statement) => {
    await appendEvents(world.db, 3);
    const before = await listChain(world.db);
    await expect(world.db.execute(statement)).rejects.toMatchObject({
      cause: { message: expect.stringContaining(`${operation} on audit_`) as unknown },
    });
    expect(await listChain(world.db)).toEqual(before);
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 3 });
  });

  it('accepts maintenance only inside the transaction that turned it on', async () => {
    await appendEvents(world.db, 2);
    await tamper(world.db, sql`update audit_logs set client_ip = '192.0.2.9' where sequence = 2`);
    // SET LOCAL ended with that transaction: the next statement is refused again.
    await expect(
      world.db.execute(sql`update audit_logs set client_ip = '192.0.2.10' where sequence = 2`),
    ).rejects.toThrow();
  });

  it('names a chain rewritten end to end against a signed checkpoint, and a forged checkpoint', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bid-checkpoint-'));
    try {
      const store = createCheckpointStore({ dataDir: dir, s3: undefined });
      const key = 'k'.repeat(40);
      await appendEvents(world.db, 4);
      expect(await writeAuditCheckpoint(world.db, store, key, new Date('2026-05-01T10:00:00Z'))).toMatchObject({
        sequence: 4,
      });
      // Nothing new: the checkpoint stays as it is.
      expect(await writeAuditCheckpoint(world.db, store, key, new Date('2026-05-01T10:15:00Z'))).toBeUndefined();
      expect(await compareWithCheckpoint(world.db, store, key)).toMatchObject({
        ok: true,
        checkpoint: { sequence: 4 },
      });

      await rewriteChainEndToEnd(world.db);
      // Inside the database the forgery is perfect...
      expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 4 });
      // ...but not against the checkpoint.
      expect(await compareWithCheckpoint(world.db, store, key)).toEqual({
        ok: false,
        sequence: 4,
        reason: 'entry #4 does not match the checkpoint taken at 2026-05-01T10:00:00.000Z: the chain was rewritten',
      });
      // Nor can the forger refresh the checkpoint without the key.
      await store.write(
        signAuditCheckpoint(
          { sequence: 4, entryHash: 'a'.repeat(64), takenAt: 'now' },
          'another key, 32 characters or more',
        ),
      );
      expect(await compareWithCheckpoint(world.db, store, key)).toMatchObject({
        ok: false,
        reason: 'the checkpoint signature does not match: it was forged or signed with another key',
      });
      await expect(writeAuditCheckpoint(world.db, store, key, new Date())).rejects.toThrow(/not overwriting it/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('calls an empty chain intact', async () => {
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 0 });
  });

  it('appends entries numbered 1..n, each linked to the hash of the one before', async () => {
    const returned = await appendEvents(world.db, 5);
    const rows = await listChain(world.db);
    expect(rows).toEqual(returned);
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]!.previousHash).toBeNull();
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.previousHash).toBe(rows[i - 1]!.entryHash);
    for (const row of rows) {
      expect(row.entryHash).toBe(computeAuditEntryHash(toAuditEntryContent(row)));
      expect(row.complianceLevel).toBe('ial2');
      expect(row.retentionDate).toEqual(computeRetentionDate('login', row.timestamp));
    }
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 5 });
    // Page boundaries must not hide or repeat an entry.
    expect(await verifyAuditChain(world.db, { batchSize: 2 })).toEqual({ ok: true, entries: 5 });
    expect(await verifyAuditChain(world.db, { batchSize: 5 })).toEqual({ ok: true, entries: 5 });
  });

  it('stores the given time, compliance level and empty optional fields as given', async () => {
    const at = new Date('2026-02-03T04:05:06.789Z');
    const row = await recordAuditEvent(world.db, {
      action: 'verification_complete',
      outcome: 'success',
      resource: 'identity',
      complianceLevel: 'ial1',
      at,
    });
    expect(row).toMatchObject({
      timestamp: at,
      userId: null,
      resourceId: null,
      details: null,
      clientIp: null,
      userAgent: null,
      sessionId: null,
      complianceLevel: 'ial1',
      retentionDate: new Date('2033-02-03T04:05:06.789Z'),
    });
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 1 });
  });

  it('never stores secrets from details or the raw session id', async () => {
    const rawSessionId = 'raw-session-id-7c1e0b9d2f';
    const row = await recordAuditEvent(world.db, {
      action: 'verification_start',
      outcome: 'failure',
      resource: 'email',
      details: {
        email: 'someone@example.com',
        password: 'hunter2-password',
        otp: '481516',
        code: '234234',
        token: 'plain-token-value',
        verificationToken: 'vt-value-0001',
        secret: 'shh-value',
        cookie: 'sid=cookie-value',
        nested: { refreshToken: 'refresh-value', userPassword: 'pw-value', reason: 'wrong_code' },
        sessionId: rawSessionId,
      },
      sessionId: rawSessionId,
    });
    expect(row.sessionId).toBe(createHash('sha256').update(rawSessionId).digest('hex'));
    expect(row.details).toEqual({ email: 'someone@example.com', nested: { reason: 'wrong_code' } });

    const [stored] = await world.db.select({ text: sql<string>`row_to_json(${auditLogs})::text` }).from(auditLogs);
    const text = stored!.text;
    for (const secret of [
      rawSessionId,
      'hunter2-password',
      '481516',
      '234234',
      'plain-token-value',
      'vt-value-0001',
      'shh-value',
      'cookie-value',
      'refresh-value',
      'pw-value',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 1 });
  });

  it('names an entry whose details were edited', async () => {
    const rows = await appendEvents(world.db, 5);
    await tamper(world.db, sql`update audit_logs set details = '{"method":"email","attempt":99}' where sequence = 3`);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 2,
      brokenAt: { sequence: 3, id: rows[2]!.id, reason: 'entry hash does not match its content' },
    });
  });

  it('names an entry whose outcome was edited', async () => {
    const rows = await appendEvents(world.db, 4);
    await tamper(world.db, sql`update audit_logs set outcome = 'failure' where sequence = 2`);
    expect(await verifyAuditChain(world.db)).toMatchObject({
      ok: false,
      brokenAt: { sequence: 2, id: rows[1]!.id, reason: 'entry hash does not match its content' },
    });
  });

  it('finds an edit past the first page', async () => {
    const rows = await appendEvents(world.db, 7);
    await tamper(world.db, sql`update audit_logs set client_ip = '192.0.2.1' where sequence = 5`);
    expect(await verifyAuditChain(world.db, { batchSize: 3 })).toEqual({
      ok: false,
      entries: 4,
      brokenAt: { sequence: 5, id: rows[4]!.id, reason: 'entry hash does not match its content' },
    });
  });

  it('names the next entry when an edited entry had its hash recomputed', async () => {
    const rows = await appendEvents(world.db, 5);
    await rewriteWithRecomputedHash(world.db, rows[2]!);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 3,
      brokenAt: { sequence: 4, id: rows[3]!.id, reason: 'previous hash does not match entry 3' },
    });
  });

  it('names the entry after a deleted one', async () => {
    const rows = await appendEvents(world.db, 5);
    await tamper(world.db, sql`delete from audit_logs where sequence = 3`);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 2,
      brokenAt: { sequence: 4, id: rows[3]!.id, reason: 'sequence gap: expected 3, found 4' },
    });
  });

  it('still finds a deletion whose gap was closed by renumbering', async () => {
    const rows = await appendEvents(world.db, 5);
    await tamper(world.db, sql`delete from audit_logs where sequence = 3`);
    await tamper(world.db, sql`update audit_logs set sequence = sequence - 1 where sequence = 4`);
    await tamper(world.db, sql`update audit_logs set sequence = sequence - 1 where sequence = 5`);
    expect(await verifyAuditChain(world.db)).toMatchObject({
      ok: false,
      brokenAt: { sequence: 3, id: rows[3]!.id, reason: 'entry hash does not match its content' },
    });
  });

  it('names the first entry of two whose sequences were swapped', async () => {
    const rows = await appendEvents(world.db, 5);
    // Three steps, because the unique constraint is checked row by row.
    await tamper(world.db, sql`update audit_logs set sequence = -1 where sequence = 3`);
    await tamper(world.db, sql`update audit_logs set sequence = 3 where sequence = 4`);
    await tamper(world.db, sql`update audit_logs set sequence = 4 where sequence = -1`);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 2,
      brokenAt: { sequence: 3, id: rows[3]!.id, reason: 'entry hash does not match its content' },
    });
  });

  it('names the first missing entry when entries were deleted from the end', async () => {
    const rows = await appendEvents(world.db, 5);
    await tamper(world.db, sql`delete from audit_logs where sequence >= 4`);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 3,
      brokenAt: {
        sequence: 4,
        id: 'missing',
        reason: 'entries 4 to 5 are missing: the chain ends at 3 but its head records entry 5',
      },
    });
    // Emptying the table does not pass for an empty chain either.
    await tamper(world.db, sql`delete from audit_logs`);
    expect(await verifyAuditChain(world.db)).toMatchObject({ ok: false, brokenAt: { sequence: 1 } });
    expect(rows).toHaveLength(5);
  });

  it('names the last entry when it was rewritten with a recomputed hash', async () => {
    const rows = await appendEvents(world.db, 3);
    await rewriteWithRecomputedHash(world.db, rows[2]!);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 3,
      brokenAt: { sequence: 3, id: rows[2]!.id, reason: 'entry hash does not match the recorded chain head' },
    });
  });

  it('names the last entry when the chain head record is gone', async () => {
    const rows = await appendEvents(world.db, 2);
    await tamper(world.db, sql`delete from audit_chain_head`);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 2,
      brokenAt: { sequence: 2, id: rows[1]!.id, reason: 'the chain head record is missing' },
    });
  });

  it('rejects a chain whose first entry is missing', async () => {
    const rows = await appendEvents(world.db, 3);
    await tamper(world.db, sql`delete from audit_logs where sequence = 1`);
    expect(await verifyAuditChain(world.db)).toEqual({
      ok: false,
      entries: 0,
      brokenAt: { sequence: 2, id: rows[1]!.id, reason: 'sequence gap: expected 1, found 2' },
    });
  });

  it('rejects a first entry that claims a predecessor', async () => {
    const rows = await appendEvents(world.db, 2);
    const forged = { ...toAuditEntryContent(rows[0]!), previousHash: 'f'.repeat(64) };
    await withAuditMaintenance(world.db, (tx) =>
      tx
        .update(auditLogs)
        .set({ previousHash: forged.previousHash, entryHash: computeAuditEntryHash(forged) })
        .where(eq(auditLogs.id, rows[0]!.id)),
    );
    expect(await verifyAuditChain(world.db)).toMatchObject({
      ok: false,
      brokenAt: { sequence: 1, id: rows[0]!.id, reason: 'the first entry must not have a previous hash' },
    });
  });

  it('sees an entry moved below sequence 1', async () => {
    const rows = await appendEvents(world.db, 2);
    await tamper(world.db, sql`update audit_logs set sequence = 0 where sequence = 1`);
    expect(await verifyAuditChain(world.db, { batchSize: 1 })).toMatchObject({
      ok: false,
      brokenAt: { sequence: 0, id: rows[0]!.id, reason: 'sequence gap: expected 1, found 0' },
    });
  });

  it('leaves no gap when the caller rolls back its transaction', async () => {
    await recordAuditEvent(world.db, loginEvent(1));
    await expect(
      world.db.transaction(async (tx) => {
        await recordAuditEvent(tx, loginEvent(2));
        throw new Error('use case failed');
      }),
    ).rejects.toThrow('use case failed');
    await recordAuditEvent(world.db, loginEvent(3));
    expect((await listChain(world.db)).map((r) => r.sequence)).toEqual([1, 2]);
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 2 });
  });

  it('keeps the chain intact when appends overlap in one process', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => recordAuditEvent(world.db, loginEvent(i + 1))));
    expect((await listChain(world.db)).map((r) => r.sequence)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 10 });
  });
});

describe.each(postgresOnlyFactories())('audit chain under concurrency and from the CLI on $kind', (factory) => {
  const world = suiteWorld(factory);
  const url = () => connectionUrlOf(world.testDb.database);
  beforeEach(async () => {
    await tamper(world.db, sql`delete from audit_logs`);
    await tamper(world.db, sql`delete from audit_chain_head`);
  });

  it('numbers 50 concurrent appends from two app instances exactly 1..50', async () => {
    // A second pool stands in for a second app instance: the lock must hold across both.
    const other = await openDatabase({ databaseUrl: url(), poolSize: 10 });
    try {
      const appends = Array.from({ length: 50 }, (_, i) =>
        recordAuditEvent(i % 2 === 0 ? world.db : other.db, loginEvent(i + 1)),
      );
      const returned = await Promise.all(appends);
      expect(returned.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      const rows = await listChain(world.db);
      expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(new Set(rows.map((r) => r.entryHash)).size).toBe(50);
      expect(await verifyAuditChain(world.db)).toEqual({ ok: true, entries: 50 });
    } finally {
      await other.close();
    }
  });

  it('`audit:verify` exits 0 on an intact chain and 1 naming the broken entry', async () => {
    const rows = await appendEvents(world.db, 3);
    const intact = await runVerifyCli({ DATABASE_URL: url() });
    expect(intact.output).toContain('Audit chain OK: 3 entries');
    expect(intact.code).toBe(0);

    await tamper(world.db, sql`update audit_logs set details = '{"forged":true}' where sequence = 2`);
    const broken = await runVerifyCli({ DATABASE_URL: url() });
    expect(broken.output).toContain(
      `Audit chain BROKEN at entry #2 (${rows[1]!.id}): entry hash does not match its content`,
    );
    expect(broken.code).toBe(1);
  }, 60_000);

  // Each tamper an operator might not see by eye, run through the real command: exit 1 and the entry named.
  it.each([
    {
      tamper: 'an edited row',
      apply: [sql`update audit_logs set details = '{"method":"email","attempt":99}' where sequence = 2`],
      brokenRow: 1,
      sequence: 2,
      reason: 'entry hash does not match its content',
    },
    {
      tamper: 'a deleted row',
      apply: [sql`delete from audit_logs where sequence = 2`],
      brokenRow: 2,
      sequence: 3,
      reason: 'sequence gap: expected 2, found 3',
    },
    {
      tamper: 'two rows reordered (sequences 2 and 3 swapped)',
      // Through -1 so the unique sequence is never held twice.
      apply: [
        sql`update audit_logs set sequence = -1 where sequence = 2`,
        sql`update audit_logs set sequence = 2 where sequence = 3`,
        sql`update audit_logs set sequence = 3 where sequence = -1`,
      ],
      brokenRow: 2,
      sequence: 2,
      reason: 'entry hash does not match its content',
    },
    {
      tamper: 'the last row deleted',
      apply: [sql`delete from audit_logs where sequence = 4`],
      brokenRow: undefined,
      sequence: 4,
      reason: 'entries 4 to 4 are missing: the chain ends at 3 but its head records entry 4',
    },
  ])(
    '`audit:verify` exits 1 naming entry #$sequence after $tamper',
    async ({ apply, brokenRow, sequence, reason }) => {
      const rows = await appendEvents(world.db, 4);
      const intact = await runVerifyCli({ DATABASE_URL: url() });
      expect(intact.output).toContain('Audit chain OK: 4 entries');
      expect(intact.code).toBe(0);

      await tamper(world.db, ...apply);
      const broken = await runVerifyCli({ DATABASE_URL: url() });
      const id = brokenRow === undefined ? 'missing' : rows[brokenRow]!.id;
      expect(broken.output).toContain(`Audit chain BROKEN at entry #${sequence} (${id}): ${reason}`);
      expect(broken.code).toBe(1);
    },
    60_000,
  );
});

describe('`audit:verify` on embedded PGlite under DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bid-audit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to report on a database that does not exist, then checks the one the server made', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const missing = await runVerifyCli(env);
    expect(missing.output).toContain('No database to check');
    expect(missing.code).toBe(2);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await runMigrations(database);
      await appendEvents(database.db, 2);
    } finally {
      await database.close();
    }
    const intact = await runVerifyCli(env);
    expect(intact.output).toContain('Audit chain OK: 2 entries');
    expect(intact.code).toBe(0);
  }, 60_000);

  it('names a chain rewritten end to end against the checkpoint, and a forged checkpoint', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const config = { dataDir, isProduction: false, auditCheckpointKey: undefined };
    const open = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    };
    // What the server's checkpoint job does, with the key it would use (generated in DATA_DIR).
    const store = createCheckpointStore({ dataDir, s3: undefined });
    await open(async (db) => {
      await appendEvents(db, 1);
      await writeAuditCheckpoint(db, store, await resolveAuditCheckpointKey(config), new Date('2026-05-01T10:00:00Z'));
    });
    const intact = await runVerifyCli(env);
    expect(intact.output).toContain('Audit chain OK: 3 entries');
    expect(intact.output).toContain('Matches the checkpoint of entry #3 taken at 2026-05-01T10:00:00.000Z');
    expect(intact.code).toBe(0);

    await open((db) => rewriteChainEndToEnd(db));
    const rewritten = await runVerifyCli(env);
    expect(rewritten.output).toContain(
      'entry #3 does not match the checkpoint taken at 2026-05-01T10:00:00.000Z: the chain was rewritten',
    );
    expect(rewritten.code).toBe(1);

    // A forger who edits the checkpoint to match cannot sign it.
    const forgedHash = await open(async (db) => (await listChain(db)).at(-1)!.entryHash);
    const stored = JSON.parse((await store.read())!) as Record<string, unknown>;
    await store.write(JSON.stringify({ ...stored, entryHash: forgedHash }));
    const forged = await runVerifyCli(env);
    expect(forged.output).toContain(
      'the checkpoint signature does not match: it was forged or signed with another key',
    );
    expect(forged.code).toBe(1);
  }, 90_000);
});

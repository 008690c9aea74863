import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';

/** docs/engineering.md §4: the local PostgreSQL server with trust auth. */
export const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server the benchmark creates its scratch databases on (never writing into the named database itself). */
export function benchServerUrl(): string {
  return process.env.BENCH_DATABASE_URL || LOCAL_SERVER_URL;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** For seeding and for checking invariants, outside the app under test. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database for one scenario, migrated by the app's own migrations, so no scenario sees
 * another's rows and nobody else's data is ever touched. Dropped when the scenario ends.
 */
export async function createScratchDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const name = `bidyourdate_bench_${stamp}_${label.replace(/\W/g, '_')}`.slice(0, 63);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const migrating = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await runMigrations(migrating);
  } finally {
    await migrating.close();
  }
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => undefined);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Writes out every buffer the setup dirtied (a `CHECKPOINT`) just before a scenario starts timing.
 * PostgreSQL also checkpoints on its own every `checkpoint_timeout` (5 minutes by default); when
 * that fell inside a measurement with a scenario's seeding still to write, it slowed every commit
 * for a minute: in one quick run ws-fanout's app side had rounds of 337 and 397 ms against the bare
 * server's 17–20 (docs/performance.md, "Method"). After this one the next timed checkpoint is five
 * minutes away and has little to write. A role without the right to checkpoint (PostgreSQL 15:
 * superuser or `pg_checkpoint`) measures without it, and the run says so.
 */
export async function checkpoint(serverUrl: string, log: (message: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } catch (err) {
    log(`  (no CHECKPOINT before timing: ${err instanceof Error ? err.message : String(err)})`);
  } finally {
    await client.end();
  }
}

/** One line describing the machine, for the summary and docs/performance.md. */
export async function describeMachine(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  let postgres: string;
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    postgres = `PostgreSQL ${rows[0]?.v.split(' ')[0] ?? '?'}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const cpus = os.cpus();
  const cpu = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memoryGb = (os.totalmem() / 1024 ** 3).toFixed(1);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return (
    `${cpus.length} x ${cpu}, ${memoryGb} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ` +
    `${postgres}; load average at start ${load}`
  );
}

/**
 * Runs `load` with the tables' secondary indexes dropped, then builds them again from their own
 * definitions: one sorted build per index (and one GIN build) instead of a million insertions each.
 */
export async function withIndexesDropped(
  pool: pg.Pool,
  tables: string[],
  log: (message: string) => void,
  load: () => Promise<void>,
): Promise<void> {
  const { rows } = await pool.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`,
    [tables],
  );
  for (const index of rows) await pool.query(`DROP INDEX "${index.name}"`);
  await load();
  // One connection for the builds, so the larger sort memory applies to every one of them.
  const client = await pool.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    for (const index of rows) {
      const started = Date.now();
      await client.query(index.def);
      log(`  index ${index.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    client.release();
  }
}

/**
 * Search's later-word tables (migration 0028) and what fills them: each table's statement-level
 * insert trigger on its base table, and the backfill statement of the migration.
 */
const LATER_WORDS = [
  {
    words: 'user_name_later_words',
    base: 'users',
    trigger: 'user_name_later_words_insert',
    fill: `INSERT INTO user_name_later_words (user_id, position, suffix)
           SELECT u.id, s.at, s.suffix
           FROM users u, later_word_suffixes(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) s`,
  },
  {
    words: 'auction_title_later_words',
    base: 'auctions',
    trigger: 'auction_title_later_words_insert',
    fill: `INSERT INTO auction_title_later_words (auction_id, position, suffix)
           SELECT a.id, s.at, s.suffix FROM auctions a, later_word_suffixes(a.title) s`,
  },
] as const;

/** The later-word tables, for `withIndexesDropped` to drop and rebuild their suffix indexes too. */
export const LATER_WORD_TABLES = LATER_WORDS.map((t) => t.words);

/**
 * Runs `load` (inserts into users and auctions) with the later-word triggers off and the
 * later-word tables' primary keys and foreign keys dropped, then fills both tables with one
 * INSERT … SELECT each, side by side on two connections, and puts the keys back (one sorted
 * build and one validating join each). With the triggers on, a million users and auctions meant
 * about five million rows inserted into two indexes and checked against their base rows one by
 * one. Meant for a fresh database: the tables are emptied first and rebuilt from every row.
 */
export async function withLaterWordsFilledAfter(
  pool: pg.Pool,
  log: (message: string) => void,
  load: () => Promise<void>,
): Promise<void> {
  const { rows: constraints } = await pool.query<{ table: string; name: string; def: string; kind: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def, contype AS kind
     FROM pg_constraint WHERE conrelid = ANY($1::regclass[]) AND contype IN ('p', 'f')
     ORDER BY contype`,
    [LATER_WORD_TABLES],
  );
  // Foreign keys first, then primary keys (contype 'f' before 'p'); put back in the reverse order.
  for (const c of constraints) await pool.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  for (const t of LATER_WORDS) await pool.query(`ALTER TABLE ${t.base} DISABLE TRIGGER ${t.trigger}`);
  await load();
  await Promise.all(
    LATER_WORDS.map(async (t) => {
      const client = await pool.connect();
      try {
        const started = Date.now();
        await client.query(`TRUNCATE ${t.words}`);
        const { rowCount } = await client.query(t.fill);
        log(`  ${t.words}: ${rowCount} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        await client.query("SET maintenance_work_mem = '512MB'");
        for (const c of [...constraints].reverse().filter((k) => k.table === t.words)) {
          const keyStarted = Date.now();
          await client.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.def}`);
          log(`  ${c.name}: ${((Date.now() - keyStarted) / 1000).toFixed(1)} s`);
        }
      } finally {
        client.release();
      }
    }),
  );
  for (const t of LATER_WORDS) await pool.query(`ALTER TABLE ${t.base} ENABLE TRIGGER ${t.trigger}`);
}

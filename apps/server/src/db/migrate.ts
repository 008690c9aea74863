import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../lib/paths.js';
import type { Database } from './client.js';

/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_311_202_501;

/**
 * Applies the committed migrations. On PostgreSQL several app instances may boot at
 * once, so the migration runs under a session-level advisory lock on one connection:
 * the first instance migrates, the others wait and then find nothing left to do.
 */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = migrationsDir();
  if (database.driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: database.driver.client }), { migrationsFolder });
    return;
  }
  // Its own connection without the pool's statement and lock limits: another instance may hold
  // the advisory lock for as long as its migration takes, and a migration may build an index.
  const client = new pg.Client({
    ...database.driver.pool.options,
    statement_timeout: 0,
    lock_timeout: 0,
    query_timeout: undefined,
  });
  await client.connect();
  client.on('error', () => undefined);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * True when every committed migration is applied: the newest one in the journal is recorded in
 * drizzle's own table. Readiness (/api/health/ready) answers 503 until then.
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  try {
    // Both drivers answer `{ rows }`.
    const result: unknown = await database.db.execute(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    const { rows } = result as { rows: Array<{ newest: string | null }> };
    const applied = Number(rows[0]?.newest ?? 0);
    return applied >= newest;
  } catch (err) {
    // No migrations table yet (42P01 undefined table, 3F000 undefined schema): nothing applied.
    const code =
      (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return false;
    throw err;
  }
}

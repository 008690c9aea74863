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

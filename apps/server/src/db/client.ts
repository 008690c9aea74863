import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { trackCommits } from './after-commit.js';
import pg from 'pg';
import * as schema from './schema/index.js';
import { DEFAULT_DATABASE_TIME_LIMITS, type DatabaseTimeLimits } from '../config/time-limits.js';

export type Schema = typeof schema;
/** The query builder both drivers share; repositories accept this (or a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Where the data lives, without credentials, for the boot log and /api/health. */
  description: string;
  /** Runs a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance or pg pool, for migrations and LISTEN/NOTIFY. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** Limits on every wait for the database (PostgreSQL only; see DATABASE_TIME_LIMITS). */
  timeLimits?: DatabaseTimeLimits;
  /**
   * An in-memory PGlite starts from this dump (PGlite's `dumpDataDir`) instead of an empty
   * cluster. The tests start every file from one migrated copy: PGlite's first-time setup of a
   * cluster costs several seconds per file on a busy machine, loading a dump a fraction of that.
   */
  pgliteDump?: Blob | undefined;
}

/**
 * A server that stops answering (frozen, or the network drops packets) never cancels anything
 * itself: the client gives up this long after the statement limit the server would have applied.
 */
const CLIENT_READ_GRACE_MS = 500;

/** pg connection settings for `limits`; migrations and the LISTEN connection start from these. */
function poolTimeLimitOptions(limits: DatabaseTimeLimits) {
  return {
    connectionTimeoutMillis: limits.connectMs,
    statement_timeout: limits.statementMs,
    lock_timeout: limits.lockMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    query_timeout: limits.statementMs + CLIENT_READ_GRACE_MS,
  };
}

export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...poolTimeLimitOptions(options.timeLimits ?? DEFAULT_DATABASE_TIME_LIMITS),
      // A server restart must not crash the process through an idle client's error event.
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => {
      // Errors on idle clients surface again on the next query, where they are handled.
    });
    // The pool listens on idle clients only. A checked-out client between two statements of a
    // transaction has no listener, so a server restart ending its session (57P01) emitted an
    // unhandled 'error' and crashed the process (npm run test:faults, postgres-restart). With
    // this one the transaction's next statement fails instead and the pool discards the client.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = trackCommits(drizzlePg({ client: pool, schema }));
    return {
      db,
      kind: 'postgres',
      description: describeDatabaseUrl(options.databaseUrl),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      driver: { kind: 'postgres', pool },
    };
  }

  let dataDir: string | undefined;
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    dataDir = path.resolve(options.pgliteDir);
  }
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(options.pgliteDump && !dataDir ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = trackCommits(drizzlePglite({ client, schema }));
  return {
    db,
    kind: 'pglite',
    description: dataDir ? `embedded PGlite in ${dataDir}` : 'embedded PGlite in memory',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    driver: { kind: 'pglite', client },
  };
}

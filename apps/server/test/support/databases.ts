import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseKind } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops anything the test created. */
  cleanup(): Promise<void>;
}

export interface TestDatabaseFactory {
  kind: DatabaseKind;
  /** Opens a fresh, migrated, empty database that no other test file sees. */
  open(): Promise<TestDatabase>;
}

/** The migrated PGlite cluster of test/support/global-setup.ts, read once per test file. */
let pgliteTemplate: Blob | undefined;
function pgliteDump(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  return pgliteTemplate;
}

const pgliteFactory: TestDatabaseFactory = {
  kind: 'pglite',
  async open() {
    const database = await openDatabase({ pgliteDump: pgliteDump() });
    // Finds every migration applied (the copy is of this run's sources), so it only checks.
    await runMigrations(database);
    return { database, cleanup: () => database.close() };
  },
};

function postgresFactory(adminUrl: string): TestDatabaseFactory {
  return {
    kind: 'postgres',
    async open() {
      const name = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        // A copy of global-setup.ts's migrated database: far cheaper than migrating each file's.
        const template = inject('postgresTemplateName');
        await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
      // Finds every migration applied when copied from the template, so it only checks.
      await runMigrations(database);
      return {
        database,
        async cleanup() {
          await database.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await dropper.end();
          }
        },
      };
    },
  };
}

/**
 * The databases every integration test runs on: PGlite always, and PostgreSQL as well
 * when TEST_DATABASE_URL names a server (docs/engineering.md §4). Use with `describe.each`.
 */
export function testDatabaseFactories(): TestDatabaseFactory[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return [pgliteFactory];
  // TEST_SKIP_PGLITE=1: a PostgreSQL-only run by hand (CI runs both halves in one pass).
  if (process.env.TEST_SKIP_PGLITE === '1') return [postgresFactory(url)];
  return [pgliteFactory, postgresFactory(url)];
}

/** Only the PostgreSQL factory (empty without TEST_DATABASE_URL), for tests of real concurrency. */
export function postgresOnlyFactories(): TestDatabaseFactory[] {
  return testDatabaseFactories().filter((f) => f.kind === 'postgres');
}

/** The URL of a PostgreSQL test database, to open a second, independent pool on it (a second app instance). */
export function connectionUrlOf(database: Database): string {
  if (database.driver.kind !== 'postgres') throw new Error('not PostgreSQL');
  const url = database.driver.pool.options.connectionString;
  if (!url) throw new Error('pool without a connection string');
  return url;
}

/**
 * A suite that needs real concurrency, so PostgreSQL: it runs once per PostgreSQL factory, and
 * without TEST_DATABASE_URL it is reported as skipped with one loud line saying how to run it
 * (a file with no suite at all would count as a failed file).
 */
export function describePostgresOnly(title: string, body: (factory: TestDatabaseFactory) => void): void {
  const factories = postgresOnlyFactories();
  if (factories.length === 0) {
    console.warn(
      `SKIPPED (needs PostgreSQL): "${title.replace('$kind', 'postgres')}". ` +
        'Run it with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (see README.md, "Test it").',
    );
    describe.skip(title.replace('$kind', 'postgres'), () => {
      body(postgresFactoryPlaceholder);
    });
    return;
  }
  describe.each(factories)(title, body);
}

/** Lets a skipped suite declare its tests (nothing runs); opening it is a mistake. */
const postgresFactoryPlaceholder: TestDatabaseFactory = {
  kind: 'postgres',
  open() {
    return Promise.reject(new Error('TEST_DATABASE_URL is not set'));
  },
};

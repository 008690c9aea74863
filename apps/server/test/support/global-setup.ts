import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite cluster (PGlite's dumpDataDir); every file loads it. */
    pgliteTemplatePath: string;
    /** A migrated, empty PostgreSQL database each file copies (`CREATE DATABASE … TEMPLATE`); '' without TEST_DATABASE_URL. */
    postgresTemplateName: string;
  }
}

/**
 * Migrates one database of each kind once per `vitest run`, and every test file starts from a
 * copy (test/support/databases.ts). Measured on the shared 2-core machine under load (load average
 * 12-17): a fresh PGlite cluster plus the migrations took 18-26 s per file, loading the dump 6-8 s.
 * The copies are made from the sources of this run, so a new migration is in them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bid-test-template-'));
  const pglitePath = path.join(folder, 'pglite.tar');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresName = adminUrl ? `test_template_${randomBytes(6).toString('hex')}` : '';
  // One after the other: PGlite's migrations hold this process's event loop for seconds at a
  // time, and PostgreSQL's, run beside them, lost their connection in the middle (tried so).
  await migratePgliteTemplate(pglitePath);
  if (adminUrl) await migratePostgresTemplate(adminUrl, postgresName);
  project.provide('pgliteTemplatePath', pglitePath);
  project.provide('postgresTemplateName', postgresName);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && postgresName) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
  };
}

async function migratePgliteTemplate(pglitePath: string): Promise<void> {
  const pglite = await openDatabase({});
  try {
    await runMigrations(pglite);
    if (pglite.driver.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await pglite.driver.client.dumpDataDir('none');
    writeFileSync(pglitePath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

async function migratePostgresTemplate(adminUrl: string, postgresName: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${postgresName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${postgresName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await runMigrations(database);
  } finally {
    // A template must have no session open while it is copied.
    await database.close();
  }
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

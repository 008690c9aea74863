import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-helpers.js';
import { connectionUrlOf, describePostgresOnly, type TestDatabase } from '../support/databases.js';

/**
 * The pool survives PostgreSQL ending a session (a restart, a failover, an administrator): found
 * by `npm run test:faults` (postgres-restart), where such an error on a client checked out
 * between two statements of a transaction crashed the whole process as an unhandled 'error'
 * event. Here the session is ended by hand while the transaction holds it.
 */
describePostgresOnly('the database pool when the server ends a session, on $kind', (factory) => {
  let testDb: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    testDb = await factory.open();
    admin = new pg.Client({ connectionString: connectionUrlOf(testDb.database) });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await testDb.cleanup();
  });

  it('fails the transaction, not the process, and serves the next query on a new connection', async () => {
    const { db } = testDb.database;
    const transaction = db.transaction(async (tx) => {
      const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      await admin.query('select pg_terminate_backend($1)', [row!.pid]);
      // Let the server's "terminating connection" reach the idle-in-transaction client first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    // An unhandled 'error' event would have failed this test file as an uncaught exception.
    await expect(testDb.database.ping()).resolves.toBeUndefined();
  });
});

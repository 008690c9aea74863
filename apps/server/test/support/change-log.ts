import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/sql-helpers.js';

/** One row written by a statement that committed. */
export interface RowChange {
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
}

export interface ChangeLog {
  /** A mark to compare against later (the id of the newest change so far). */
  mark(): Promise<number>;
  /** The committed row changes after `mark`, leaving out the tables the log was told to ignore. */
  changesSince(mark: number): Promise<RowChange[]>;
}

/**
 * Records every committed row change of every application table in `test_change_log`, through
 * row-level triggers, so a test can say "this request changed nothing" without knowing which
 * tables a route might touch. The log is transactional: a change rolled back is not recorded.
 * For test databases only; nothing in the product installs it.
 */
export async function installChangeLog(
  database: Database,
  options: { ignoreTables?: readonly string[] } = {},
): Promise<ChangeLog> {
  const db = database.db;
  await db.execute(sql`CREATE TABLE IF NOT EXISTS test_change_log (
    id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL)`);
  await db.execute(sql`CREATE OR REPLACE FUNCTION test_record_change() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_change_log (table_name, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`);
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> 'test_change_log'`),
  );
  for (const { name } of tables) {
    await db.execute(
      sql.raw(`CREATE OR REPLACE TRIGGER test_record_change AFTER INSERT OR UPDATE OR DELETE ON "${name}"
        FOR EACH ROW EXECUTE FUNCTION test_record_change()`),
    );
  }
  const ignored = [...(options.ignoreTables ?? [])];
  return {
    async mark() {
      const [row] = rowsOf<{ id: string | number | null }>(
        await db.execute(sql`SELECT max(id) AS id FROM test_change_log`),
      );
      return Number(row?.id ?? 0);
    },
    async changesSince(mark) {
      const rows = rowsOf<{ table_name: string; op: RowChange['op'] }>(
        await db.execute(sql`SELECT table_name, op FROM test_change_log WHERE id > ${mark} ORDER BY id`),
      );
      return rows.filter((r) => !ignored.includes(r.table_name)).map((r) => ({ table: r.table_name, op: r.op }));
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** `$1::uuid, $2::uuid, …` for an `IN (…)` list; callers never pass an empty list. */
export function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/** A JavaScript instant as a SQL timestamptz parameter, so both drivers read the same value. */
export function timestampParam(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

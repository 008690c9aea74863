import { parseMoneyToCents } from '@bid/contract';
import { sql, type SQL } from 'drizzle-orm';

/** A timestamp column of a raw row (node-postgres gives a Date, PGlite may give a string). */
export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const toDateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : toDate(value);
/** A numeric money column of a raw row ("51.00") in cents; NaN for anything unreadable. */
export const centsOf = (value: unknown): number => parseMoneyToCents(String(value)) ?? Number.NaN;

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

import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { ledgerTransactions } from '../../src/db/schema/index.js';

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * The double-entry invariant (docs/engineering.md §5), for `afterEach` of every payments test: every
 * ledger transaction has at least two legs summing to zero, and so the whole ledger sums to zero.
 */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const unbalanced = rowsOf<{ id: string; legs: number; total: string | null }>(
    await db.execute(sql`
      SELECT t.id, count(e.id)::int AS legs, sum(e.amount)::text AS total
      FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
      GROUP BY t.id
      HAVING count(e.id) < 2 OR sum(e.amount) <> 0`),
  );
  expect(unbalanced, 'ledger transactions that are empty, one-legged or unbalanced').toEqual([]);
  const [ledger] = rowsOf<{ balanced: boolean; entries: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(amount), 0) = 0 AS balanced, count(*)::int AS entries FROM ledger_entries`),
  );
  expect(ledger?.balanced, `the whole ledger (${ledger?.entries} entries) sums to zero`).toBe(true);
}

/** Each account's balance in cents (debit positive), per user for the host accounts: "host_escrow:<userId>". */
export async function ledgerBalances(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ account: string; user_id: string | null; cents: string }>(
    await db.execute(sql`
      SELECT account, user_id, (sum(amount) * 100)::bigint::text AS cents
      FROM ledger_entries GROUP BY account, user_id`),
  );
  return Object.fromEntries(
    rows.map((row) => [row.user_id ? `${row.account}:${row.user_id}` : row.account, Number(row.cents)]),
  );
}

/** The ledger transactions booked for these charges, whatever their kind. */
export function ledgerTransactionsOf(db: Db, chargeIds: string[]) {
  return db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.chargeId, chargeIds));
}

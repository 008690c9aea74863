import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payoutAccounts, payouts } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-helpers.js';

/**
 * A host's payout account (payout_accounts: one per member) and where their money stands,
 * read from the ledger and the payouts (docs/the-date.md, "Payouts").
 */

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: Db, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** The account the payout worker may transfer to: only one whose onboarding is complete. */
export async function findReadyPayoutAccount(db: Db, userId: string): Promise<{ accountId: string } | undefined> {
  const [row] = await db
    .select({ accountId: payoutAccounts.accountId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.status, 'enabled')));
  return row;
}

/**
 * Stores the member's provider account unless they have one, and returns the one stored: of two
 * racing requests the first to commit wins and the other adopts its account.
 */
export async function claimPayoutAccount(
  db: Db,
  input: { userId: string; provider: string; accountId: string },
): Promise<PayoutAccountRow> {
  const [inserted] = await db
    .insert(payoutAccounts)
    .values({ ...input, status: 'onboarding' })
    .onConflictDoNothing({ target: payoutAccounts.userId })
    .returning();
  if (inserted) return inserted;
  const winner = await findPayoutAccount(db, input.userId);
  if (!winner) throw new Error(`Payout account of ${input.userId} vanished after a conflict.`);
  return winner;
}

/**
 * The host's shares that were released while they had no payout account become due: the date
 * job pays pending payouts. Pass the transaction that enables the account.
 */
export async function activateWaitingPayouts(tx: Db, hostId: string, now: Date): Promise<number> {
  const activated = await tx
    .update(payouts)
    .set({ status: 'pending', updatedAt: now })
    .where(and(eq(payouts.hostId, hostId), eq(payouts.status, 'awaiting_account')))
    .returning({ id: payouts.id });
  return activated.length;
}

/**
 * Marks the member's account enabled and, in the same transaction, makes their waiting payouts
 * due. Also run when the account already was enabled, so a payout that started waiting just
 * before is not left behind. Returns the account as stored afterwards.
 */
export async function enablePayoutAccount(db: Db, userId: string, now: Date): Promise<PayoutAccountRow | undefined> {
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(payoutAccounts)
      .set({ status: 'enabled', updatedAt: now })
      .where(eq(payoutAccounts.userId, userId))
      .returning();
    if (enabled) await activateWaitingPayouts(tx, userId, now);
    return enabled;
  });
}

export interface PayoutBalancesCents {
  held: number;
  releasedUnpaid: number;
  paidOut: number;
}

/**
 * The host's money in one statement: what the ledger holds in escrow for them (a credit, so the
 * negated sum; ledger_entries_account_user_idx), and their payouts by paid or not
 * (payouts_host_status_idx).
 */
export async function readPayoutBalances(db: Db, hostId: string): Promise<PayoutBalancesCents> {
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(-sum(e.amount) * 100, 0)::bigint::text
         FROM ledger_entries e
        WHERE e.account = 'host_escrow' AND e.user_id = ${hostId}) AS held,
      (coalesce(sum(p.amount) FILTER (WHERE p.status <> 'paid'), 0) * 100)::bigint::text AS released_unpaid,
      (coalesce(sum(p.amount) FILTER (WHERE p.status = 'paid'), 0) * 100)::bigint::text AS paid_out
    FROM payouts p
    WHERE p.host_id = ${hostId}`);
  const [row] = rowsOf<{ held: string; released_unpaid: string; paid_out: string }>(result);
  return {
    held: Number(row?.held ?? 0),
    releasedUnpaid: Number(row?.released_unpaid ?? 0),
    paidOut: Number(row?.paid_out ?? 0),
  };
}

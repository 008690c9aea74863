import {
  ACCOUNT_INACTIVE_MESSAGE,
  ACCOUNT_INACTIVE_TITLE,
  INACTIVE_ACCOUNT_MONTHS,
  INACTIVITY_WARNING_DAYS,
} from '@bid/contract';
import { sql } from 'drizzle-orm';
import {
  deleteAccountInTransaction,
  removeExternalData,
  type AccountDeletionDeps,
  type DeletedAccount,
} from '../account/delete-account.js';
import { rowsOf, timestampParam, uuidList } from '../../db/sql-helpers.js';

export const INACTIVITY_BATCH_LIMIT = 50;

export interface InactivityWarning {
  userId: string;
  email: string | null;
}

/** `now − 12 months + 30 days`: who has been inactive long enough to be warned. */
const warnBefore = (now: Date) =>
  sql`${timestampParam(now)} - make_interval(months => ${INACTIVE_ACCOUNT_MONTHS}::int) + make_interval(days => ${INACTIVITY_WARNING_DAYS}::int)`;

/**
 * Sends one 'account_inactive' notification to each member inactive for
 * INACTIVE_ACCOUNT_MONTHS minus INACTIVITY_WARNING_DAYS, exactly once across instances: the
 * conditional UPDATE that stamps `inactivity_warned_at` claims them (SKIP LOCKED, re-checked),
 * and the notifications are written in the same transaction (the outbox e-mails them:
 * docs/notifications.md). Activity clears the stamp
 * (plugins/session.ts), so a member who comes back and goes quiet again is warned again.
 */
export async function warnInactiveAccounts(
  deps: Pick<AccountDeletionDeps, 'db' | 'logger'>,
  now: Date,
  limit = INACTIVITY_BATCH_LIMIT,
): Promise<InactivityWarning[]> {
  const at = timestampParam(now);
  const warned = await deps.db.transaction(async (tx) => {
    const rows = rowsOf<{ id: string; email: string | null }>(
      await tx.execute(sql`
        UPDATE users u SET inactivity_warned_at = ${at}
        WHERE u.id IN (
            SELECT id FROM users
            WHERE deleted_at IS NULL AND inactivity_warned_at IS NULL AND last_active_at <= ${warnBefore(now)}
            ORDER BY last_active_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          AND u.inactivity_warned_at IS NULL AND u.deleted_at IS NULL
        RETURNING u.id, u.email`),
    );
    if (rows.length === 0) return [];
    await tx.execute(sql`
      INSERT INTO notifications (user_id, type, title, message, created_at)
      SELECT id, 'account_inactive'::notification_type, ${ACCOUNT_INACTIVE_TITLE}, ${ACCOUNT_INACTIVE_MESSAGE}, ${at}
      FROM users WHERE id IN (${uuidList(rows.map((r) => r.id))})`);
    return rows.map((r) => ({ userId: r.id, email: r.email }));
  });

  return warned;
}

/**
 * Deletes accounts inactive for INACTIVE_ACCOUNT_MONTHS that were warned at least
 * INACTIVITY_WARNING_DAYS ago, one transaction per account (the same deletion as DELETE
 * /api/account). Each account is claimed with FOR UPDATE SKIP LOCKED and its conditions are
 * re-checked under the lock, so it is deleted once whichever instances run this, and a sign-in
 * that refreshed `last_active_at` meanwhile saves it. An account with a payment in progress is
 * left for a later run.
 */
export async function deleteInactiveAccounts(
  deps: AccountDeletionDeps,
  now: Date,
  limit = INACTIVITY_BATCH_LIMIT,
): Promise<string[]> {
  const at = timestampParam(now);
  const deleted: string[] = [];
  const skipped: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    const skip = skipped.length > 0 ? sql`AND id NOT IN (${uuidList(skipped)})` : sql``;
    const account = await deps.db.transaction(async (tx): Promise<DeletedAccount | 'none' | 'skipped'> => {
      const [candidate] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          SELECT id FROM users
          WHERE deleted_at IS NULL
            AND last_active_at <= ${at} - make_interval(months => ${INACTIVE_ACCOUNT_MONTHS}::int)
            AND inactivity_warned_at IS NOT NULL
            AND inactivity_warned_at <= ${at} - make_interval(days => ${INACTIVITY_WARNING_DAYS}::int)
            ${skip}
          ORDER BY last_active_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED`),
      );
      if (!candidate) return 'none';
      const outcome = await deleteAccountInTransaction(tx, { userId: candidate.id, now, reason: 'inactivity' });
      if (outcome.status === 'payment_in_progress') {
        skipped.push(candidate.id);
        return 'skipped';
      }
      return outcome.account;
    });
    if (account === 'none') break;
    if (account === 'skipped') continue;
    deleted.push(account.userId);
    await removeExternalData(deps, account);
  }
  if (skipped.length > 0)
    deps.logger.info({ userIds: skipped }, 'inactive accounts kept for now: a payment is in progress');
  return deleted;
}

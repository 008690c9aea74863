import type { UserRole } from '@bid/contract';
import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { rowsOf, timestampParam, toDate } from '../../db/sql-helpers.js';

/**
 * How the moderator role is granted (docs/trust-and-safety.md): by MODERATOR_EMAILS, at boot for
 * accounts that exist and at sign-in for accounts created later, or by `npm run moderator`.
 * Nobody can grant it to themselves through the API. Removing an address from MODERATOR_EMAILS
 * does not revoke the role: `npm run moderator -- revoke <email>` does.
 */

/** Grants the role to every listed account that lacks it; answers how many changed. Idempotent. */
export async function grantModeratorEmails(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await db
    .update(users)
    .set({ role: 'moderator', updatedAt: new Date() })
    .where(and(inArray(sql`lower(${users.email})`, [...emails]), ne(users.role, 'moderator')))
    .returning({ id: users.id });
  return changed.length;
}

/** Grants the role to `userId` when its e-mail is listed (called right after each sign-in). */
export async function grantModeratorIfListed(db: Db, userId: string, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ role: 'moderator', updatedAt: new Date() })
    .where(
      and(
        sql`${users.id} = ${userId}::uuid`,
        inArray(sql`lower(${users.email})`, [...emails]),
        ne(users.role, 'moderator'),
      ),
    );
}

/** Sets the role of the account with this e-mail; false when there is no such account. */
export async function setRoleByEmail(db: Db, email: string, role: UserRole): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: users.id });
  return changed.length > 0;
}

/** What lifting a suspension gave back (docs/trust-and-safety.md, "Moderators"). */
export interface LiftedSuspension {
  userId: string;
  /** Auctions the suspension hid whose end is still ahead: open again, bids as they were. */
  reopened: Array<{ id: string; title: string; endTime: Date }>;
  /** Auctions the suspension hid whose end has passed meanwhile: they stay ended (cancelled, hidden). */
  stayedEnded: Array<{ id: string; title: string }>;
}

/**
 * Lifts a suspension (`npm run moderator -- unsuspend <email>`): the member can sign in again,
 * and what the suspension hid comes back in the same transaction: auctions whose end is still
 * in the future reopen; ended ones stay ended. Undefined when no suspended account has that e-mail.
 */
export async function liftSuspensionByEmail(
  db: Db,
  email: string,
  now: Date = new Date(),
): Promise<LiftedSuspension | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
      .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNotNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (!user) return undefined;
    const at = timestampParam(now);
    const reopened = rowsOf<{ id: string; title: string; end_time: unknown }>(
      await tx.execute(sql`
        UPDATE auctions
        SET hidden_at = NULL, hidden_by_suspension = false, is_active = true, cancelled_at = NULL,
            closed_at = NULL, updated_at = ${at}
        WHERE creator_id = ${user.id}::uuid AND hidden_by_suspension AND end_time > ${at}
        RETURNING id, title, end_time`),
    );
    const stayedEnded = rowsOf<{ id: string; title: string }>(
      await tx.execute(sql`
        UPDATE auctions SET hidden_by_suspension = false, updated_at = ${at}
        WHERE creator_id = ${user.id}::uuid AND hidden_by_suspension
        RETURNING id, title`),
    );
    return {
      userId: user.id,
      reopened: reopened.map((row) => ({ id: row.id, title: row.title, endTime: toDate(row.end_time) })),
      stayedEnded: stayedEnded.map((row) => ({ id: row.id, title: row.title })),
    };
  });
}

/** What the moderator is told after `unsuspend`: who can sign in again and which auctions came back. */
export function describeLiftedSuspension(email: string, lifted: LiftedSuspension): string[] {
  const lines = [`${email} is no longer suspended and can sign in again.`];
  if (lifted.reopened.length === 0 && lifted.stayedEnded.length === 0) {
    lines.push('The suspension had hidden no open auctions.');
  }
  for (const auction of lifted.reopened) {
    lines.push(`Reopened "${auction.title}" (${auction.id}): it ends ${auction.endTime.toISOString()}.`);
  }
  for (const auction of lifted.stayedEnded) {
    lines.push(`"${auction.title}" (${auction.id}) stays ended: its end passed during the suspension.`);
  }
  return lines;
}

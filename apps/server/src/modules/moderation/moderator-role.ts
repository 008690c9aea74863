import type { UserRole } from '@bid/contract';
import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

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

/**
 * Lifts a suspension (`npm run moderator -- unsuspend <email>`): the member can sign in again.
 * Their auctions hidden by the suspension stay hidden; they may list new ones. False when no
 * suspended account has that e-mail.
 */
export async function liftSuspensionByEmail(db: Db, email: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null, updatedAt: new Date() })
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNotNull(users.suspendedAt)))
    .returning({ id: users.id });
  return changed.length > 0;
}

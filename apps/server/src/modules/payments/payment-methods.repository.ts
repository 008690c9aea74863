import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** What the payment use cases need of a member: who they are at the provider. */
export async function findPaymentMember(db: Db, userId: string) {
  const [member] = await db
    .select({
      id: users.id,
      email: users.email,
      stripeCustomerId: users.stripeCustomerId,
      cardOnFile: users.cardOnFile,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return member;
}

/**
 * Stores the member's provider customer unless one is stored already, and returns the one that
 * is stored afterwards: of two racing requests, the first to commit wins and the other adopts it.
 */
export async function claimCustomerId(db: Db, userId: string, customerId: string): Promise<string | undefined> {
  const [claimed] = await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ stripeCustomerId: users.stripeCustomerId });
  if (claimed?.stripeCustomerId) return claimed.stripeCustomerId;
  return (await findPaymentMember(db, userId))?.stripeCustomerId ?? undefined;
}

/** Remembers what the provider last said about the member's cards (users.card_on_file). */
export async function rememberCardOnFile(db: Db, userId: string, cardOnFile: boolean): Promise<void> {
  await db.update(users).set({ cardOnFile }).where(eq(users.id, userId));
}

/**
 * Counts one card setup for the member if the limit allows it: `limit` per window of
 * `windowSeconds`, the window starting at the first setup after the last one ended. One
 * conditional UPDATE under the row's lock, so racing requests on any instance cannot both take
 * the last slot. False when the limit is reached (nothing is written then).
 */
export async function takeSetupIntentSlot(
  db: Db,
  userId: string,
  limits: { limit: number; windowSeconds: number },
): Promise<boolean> {
  const windowOpen = sql`${users.setupIntentWindowStart} > now() - make_interval(secs => ${limits.windowSeconds})`;
  const taken = await db
    .update(users)
    .set({
      setupIntentCount: sql`CASE WHEN ${windowOpen} THEN ${users.setupIntentCount} + 1 ELSE 1 END`,
      setupIntentWindowStart: sql`CASE WHEN ${windowOpen} THEN ${users.setupIntentWindowStart} ELSE now() END`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.setupIntentWindowStart} IS NULL OR NOT (${windowOpen}) OR ${users.setupIntentCount} < ${limits.limit})`,
      ),
    )
    .returning({ id: users.id });
  return taken.length > 0;
}

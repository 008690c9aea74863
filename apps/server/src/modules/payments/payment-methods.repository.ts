import { and, eq, isNull } from 'drizzle-orm';
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

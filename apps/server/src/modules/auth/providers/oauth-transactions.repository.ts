import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { oauthTransactions, type OauthTransaction } from '../../../db/schema/index.js';

export type NewOauthTransaction = typeof oauthTransactions.$inferInsert;

export async function insertOauthTransaction(db: Db, values: NewOauthTransaction): Promise<void> {
  await db.insert(oauthTransactions).values(values);
}

/**
 * Deletes and returns the transaction in one statement, so two callbacks racing with the
 * same state cannot both get it: a state is good for one sign-in only.
 */
export async function takeOauthTransaction(db: Db, state: string): Promise<OauthTransaction | undefined> {
  const [row] = await db.delete(oauthTransactions).where(eq(oauthTransactions.state, state)).returning();
  return row;
}

/** Abandoned sign-ins (the person closed the provider's page) would otherwise stay forever. */
export async function deleteExpiredOauthTransactions(db: Db, now: Date): Promise<void> {
  await db.delete(oauthTransactions).where(lt(oauthTransactions.expiresAt, now));
}

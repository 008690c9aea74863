import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOtps, emailVerificationTokens, users } from '../../db/schema/index.js';

export async function countCodesSentToEmailSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailOtps)
    .where(and(eq(emailOtps.email, email), gte(emailOtps.createdAt, since)));
  return row?.n ?? 0;
}

export async function countCodesSentFromIpSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailOtps)
    .where(and(eq(emailOtps.requestIp, ip), gte(emailOtps.createdAt, since)));
  return row?.n ?? 0;
}

/** Stores a new code and retires the email's older unused codes: only the newest one works. */
export async function replaceCode(
  db: Db,
  values: { email: string; codeHash: string; expiresAt: Date; requestIp: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emailOtps)
      .set({ consumedAt: values.now })
      .where(and(eq(emailOtps.email, values.email), isNull(emailOtps.consumedAt)));
    await tx.insert(emailOtps).values({
      email: values.email,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      requestIp: values.requestIp,
      createdAt: values.now,
    });
  });
}

export async function findNewestUnusedCode(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.email, email), isNull(emailOtps.consumedAt)))
    .orderBy(desc(emailOtps.createdAt))
    .limit(1);
  return row;
}

/**
 * Uses the code if it is still live, in one statement, so two requests racing with the
 * right code cannot both succeed.
 */
export async function consumeCode(db: Db, id: string, now: Date, maxFailedAttempts: number): Promise<boolean> {
  const rows = await db
    .update(emailOtps)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailOtps.id, id),
        isNull(emailOtps.consumedAt),
        gt(emailOtps.expiresAt, now),
        lt(emailOtps.failedAttempts, maxFailedAttempts),
      ),
    )
    .returning({ id: emailOtps.id });
  return rows.length === 1;
}

/** Counts a wrong try atomically and burns the code at the limit. Returns the tries so far. */
export async function recordFailedAttempt(db: Db, id: string, now: Date, maxFailedAttempts: number): Promise<number> {
  const [row] = await db
    .update(emailOtps)
    .set({
      failedAttempts: sql`${emailOtps.failedAttempts} + 1`,
      consumedAt: sql`CASE WHEN ${emailOtps.failedAttempts} + 1 >= ${maxFailedAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(emailOtps.id, id), isNull(emailOtps.consumedAt)))
    .returning({ failedAttempts: emailOtps.failedAttempts });
  return row?.failedAttempts ?? maxFailedAttempts;
}

export async function insertVerificationToken(
  db: Db,
  values: { tokenHash: string; email: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values({ ...values, createdAt: values.now });
}

/** Single use: returns the e-mail the token proves, at most once. */
export async function consumeVerificationToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.consumedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ email: emailVerificationTokens.email });
  return row?.email;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function insertUserWithPassword(db: Db, email: string, passwordHash: string) {
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

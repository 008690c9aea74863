import { and, count, desc, eq, gt, gte, inArray, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOtps, emailVerificationTokens, otpFailedAttempts, users } from '../../db/schema/index.js';
import { lockRateLimitKeys } from '../../db/rate-limit-lock.js';

/**
 * How many codes one e-mail requested from one address stay usable at once. Older codes are
 * retired per address, so a request from elsewhere never cancels the member's pending codes.
 */
export const LIVE_CODES_PER_EMAIL_AND_ADDRESS = 3;
/** A bound on the codes one verification compares (the per-e-mail ceiling keeps far fewer alive). */
const MAX_CODES_COMPARED = 100;

export type CodeLimitRefusal = 'email_and_address' | 'address' | 'email';

export interface CodeLimits {
  /** Codes for one e-mail requested from one client address. */
  perEmailAndIp: { max: number; since: Date };
  /** Codes requested from one client address, whatever the e-mail. */
  perIp: { max: number; since: Date };
  /** Codes for one e-mail from anywhere: a high ceiling against mail bombing. */
  perEmail: { max: number; since: Date };
}

/**
 * Stores a new code if every limit allows it, deciding and recording under locks on the e-mail
 * and the address, so concurrent requests cannot pass more than a limit. Codes older than the
 * newest LIVE_CODES_PER_EMAIL_AND_ADDRESS from the same address stop working; every other
 * code stays valid until it expires.
 */
export async function insertCodeWithinLimits(
  db: Db,
  values: {
    email: string;
    codeHash: string;
    expiresAt: Date;
    requestIp: string;
    now: Date;
    /** False to record a refused sign-in for the limits only: stored used up, retiring no other code. */
    usable: boolean;
  },
  limits: CodeLimits,
): Promise<CodeLimitRefusal | undefined> {
  return db.transaction(async (tx) => {
    await lockRateLimitKeys(tx, [`otp-email:${values.email}`, `otp-ip:${values.requestIp}`]);
    const countSince = async (where: SQL | undefined) => {
      const [row] = await tx.select({ n: count() }).from(emailOtps).where(where);
      return row?.n ?? 0;
    };
    const sameEmailAndIp = and(eq(emailOtps.email, values.email), eq(emailOtps.requestIp, values.requestIp));
    if (
      (await countSince(and(sameEmailAndIp, gte(emailOtps.createdAt, limits.perEmailAndIp.since)))) >=
      limits.perEmailAndIp.max
    ) {
      return 'email_and_address';
    }
    if (
      (await countSince(
        and(eq(emailOtps.requestIp, values.requestIp), gte(emailOtps.createdAt, limits.perIp.since)),
      )) >= limits.perIp.max
    ) {
      return 'address';
    }
    if (
      (await countSince(and(eq(emailOtps.email, values.email), gte(emailOtps.createdAt, limits.perEmail.since)))) >=
      limits.perEmail.max
    ) {
      return 'email';
    }
    const row = {
      email: values.email,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      requestIp: values.requestIp,
      createdAt: values.now,
    };
    if (!values.usable) {
      await tx.insert(emailOtps).values({ ...row, consumedAt: values.now });
      return undefined;
    }
    const keptLive = tx
      .select({ id: emailOtps.id })
      .from(emailOtps)
      .where(and(sameEmailAndIp, isNull(emailOtps.consumedAt)))
      .orderBy(desc(emailOtps.createdAt))
      .limit(LIVE_CODES_PER_EMAIL_AND_ADDRESS - 1);
    await tx
      .update(emailOtps)
      .set({ consumedAt: values.now })
      .where(and(sameEmailAndIp, isNull(emailOtps.consumedAt), notInArray(emailOtps.id, keptLive)));
    await tx.insert(emailOtps).values(row);
    return undefined;
  });
}

export interface GuessLimits {
  /** Wrong codes for one e-mail from one client address. */
  perEmailAndIp: { max: number; since: Date };
  /** Wrong codes from one client address, whatever the e-mail. */
  perIp: { max: number; since: Date };
}

export type GuessCheck<T> =
  | { refused: false; result: T }
  /** `freedAt`: when the wrong try that frees a place was made (it leaves the window first). */
  | { refused: true; limit: keyof GuessLimits; freedAt: Date };

/**
 * Runs one check of a code under locks on the e-mail and address pair and on the address, so a
 * burst of concurrent guesses is decided one at a time and never passes more than a limit. A
 * limit reached refuses before `check` runs.
 */
export async function withinGuessLimits<T>(
  db: Db,
  key: { email: string; ip: string },
  limits: GuessLimits,
  check: (tx: Db) => Promise<T>,
): Promise<GuessCheck<T>> {
  return db.transaction(async (tx): Promise<GuessCheck<T>> => {
    await lockRateLimitKeys(tx, [`otp-guess:${key.email}:${key.ip}`, `otp-guess-ip:${key.ip}`]);
    const sameEmailAndIp = and(eq(otpFailedAttempts.email, key.email), eq(otpFailedAttempts.requestIp, key.ip));
    const windows = [
      { limit: 'perEmailAndIp' as const, where: sameEmailAndIp, ...limits.perEmailAndIp },
      { limit: 'perIp' as const, where: eq(otpFailedAttempts.requestIp, key.ip), ...limits.perIp },
    ];
    for (const { limit, where, max, since } of windows) {
      // The max-th newest wrong try in the window: none means the limit is not reached.
      const [edge] = await tx
        .select({ at: otpFailedAttempts.createdAt })
        .from(otpFailedAttempts)
        .where(and(where, gte(otpFailedAttempts.createdAt, since)))
        .orderBy(desc(otpFailedAttempts.createdAt))
        .offset(max - 1)
        .limit(1);
      if (edge) return { refused: true, limit, freedAt: edge.at };
    }
    return { refused: false, result: await check(tx) };
  });
}

/** Records one wrong code for the limits above. */
export async function recordWrongGuess(db: Db, values: { email: string; ip: string; now: Date }): Promise<void> {
  await db.insert(otpFailedAttempts).values({ email: values.email, requestIp: values.ip, createdAt: values.now });
}

/** The e-mail's codes that may still be tried, newest first. */
export async function findUnusedCodes(db: Db, email: string) {
  return db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.email, email), isNull(emailOtps.consumedAt)))
    .orderBy(desc(emailOtps.createdAt))
    .limit(MAX_CODES_COMPARED);
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

/**
 * Counts a wrong try on every code still being tried, atomically, and burns a code at the limit,
 * so holding several live codes gives no extra guesses. Returns the most tries of any of them.
 */
export async function recordFailedAttempt(
  db: Db,
  ids: readonly string[],
  now: Date,
  maxFailedAttempts: number,
): Promise<number> {
  const rows = await db
    .update(emailOtps)
    .set({
      failedAttempts: sql`${emailOtps.failedAttempts} + 1`,
      consumedAt: sql`CASE WHEN ${emailOtps.failedAttempts} + 1 >= ${maxFailedAttempts} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(inArray(emailOtps.id, [...ids]), isNull(emailOtps.consumedAt)))
    .returning({ failedAttempts: emailOtps.failedAttempts });
  return rows.length === 0 ? maxFailedAttempts : Math.max(...rows.map((row) => row.failedAttempts));
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

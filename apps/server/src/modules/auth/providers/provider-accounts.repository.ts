import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { userIdentities, users } from '../../../db/schema/index.js';
import { hasDatabaseErrorCode } from '../../../db/errors.js';

export interface NewIdentity {
  provider: string;
  subject: string;
  email: string | null;
}

export async function findIdentityUserId(db: Db, provider: string, subject: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId;
}

/** `email` must already be normalized (lower-cased and trimmed), as users.email is stored. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function insertIdentity(db: Db, userId: string, identity: NewIdentity): Promise<void> {
  await db.insert(userIdentities).values({ userId, ...identity });
}

/** The user and the identity exist together or not at all, so no account is left without a way in. */
export async function insertUserWithIdentity(
  db: Db,
  user: { email: string | null; firstName: string | null; lastName: string | null },
  identity: NewIdentity,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(users).values(user).returning({ id: users.id });
    if (!created) throw new Error('insert into users returned no row');
    await tx.insert(userIdentities).values({ userId: created.id, ...identity });
    return created.id;
  });
}

/** True when `err` (or what it wraps) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  return hasDatabaseErrorCode(err, '23505');
}

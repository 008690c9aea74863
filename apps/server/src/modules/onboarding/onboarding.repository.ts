import type { StoredOnboarding } from '@bid/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, users } from '../../db/schema/index.js';

/** Whether this member has turned push on on any device (a subscription the server holds). */
export async function hasPushSubscription(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Merges answered steps into the member's onboarding in one UPDATE, so two tabs answering at once
 * cannot lose a step: a step already `done` stays done, anything else takes the new answer.
 * Answers the stored steps afterwards, or undefined when the member does not exist.
 */
export async function mergeOnboarding(
  db: Db,
  userId: string,
  patch: StoredOnboarding,
): Promise<StoredOnboarding | undefined> {
  const [row] = await db
    .update(users)
    .set({
      onboarding: sql`${users.onboarding} || ${JSON.stringify(patch)}::jsonb || coalesce(
        (select jsonb_object_agg(key, value) from jsonb_each(${users.onboarding}) where value = '"done"'::jsonb),
        '{}'::jsonb)`,
    })
    .where(eq(users.id, userId))
    .returning({ onboarding: users.onboarding });
  return row?.onboarding;
}

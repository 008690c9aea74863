import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { NotificationChannel, OutOfAppNotificationType } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { notificationPreferences, pushSubscriptions, users } from '../../db/schema/index.js';

export interface StoredPreference {
  type: string;
  email: boolean;
  push: boolean;
}

/** The rows a member changed (types without a row have both channels on). */
export async function listStoredPreferences(db: Db, userId: string): Promise<StoredPreference[]> {
  return db
    .select({
      type: notificationPreferences.type,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/**
 * Writes the named channels of the named types and leaves every other value as it was: one
 * upsert per change, whose update sets only the channel named.
 */
export async function saveChannelChoice(
  db: Db,
  userId: string,
  type: OutOfAppNotificationType,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  const values = { userId, type, email: true, push: true, [channel]: enabled };
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: channel === 'email' ? { email: enabled, updatedAt: new Date() } : { push: enabled, updatedAt: new Date() },
    });
}

export async function memberExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} IS NULL`));
  return row !== undefined;
}

/**
 * Stores a device's subscription; the same endpoint posted again (a renewed key, or another
 * member signing in on that browser) updates the one row.
 */
export async function upsertPushSubscription(
  db: Db,
  input: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth, updatedAt: new Date() },
    });
}

/** Keeps a member's `keep` most recently posted devices and forgets the rest. */
export async function trimPushSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  const newest = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(keep);
  if (newest.length < keep) return;
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        newest.map((row) => row.id),
      ),
    ),
  );
}

export async function listPushSubscriptionsOf(db: Db, userId: string) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      updatedAt: pushSubscriptions.updatedAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}

/** Forgets the member's own device with this endpoint (another member's is never touched). */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.endpoint, [endpoint])));
}

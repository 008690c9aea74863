import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** What a session row holds in `sess`. Only ids and times: nothing a leak of the table would expose. */
export interface SessionData {
  userId?: string;
  /** When the session was created (ms since epoch): the absolute timeout counts from here. */
  createdAt: number;
  [key: string]: unknown;
}

function buildLiveSessionLookup(db: Db) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .limit(1)
    .prepare('');
}

/**
 * Every request with a cookie runs this, so the statement is built once per database rather
 * than per request (docs/performance.md); unnamed (''), so PostgreSQL plans it with its values.
 */
const liveSessionLookups = new WeakMap<Db, ReturnType<typeof buildLiveSessionLookup>>();

export async function findLiveSession(db: Db, sid: string, now: Date) {
  let lookup = liveSessionLookups.get(db);
  if (!lookup) {
    lookup = buildLiveSessionLookup(db);
    liveSessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ sid, now });
  return row;
}

/** Which of `sids` are stored and not past their idle deadline, with their data (for the absolute timeout). */
export async function findLiveSessions(db: Db, sids: readonly string[], now: Date) {
  if (sids.length === 0) return [];
  return db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(inArray(sessions.sid, [...sids]), gt(sessions.expire, now)));
}

export async function upsertSession(db: Db, sid: string, data: SessionData, expire: Date): Promise<void> {
  const userId = data.userId ?? null;
  await db
    .insert(sessions)
    .values({ sid, sess: data, expire, userId })
    .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expire, userId } });
}

/**
 * Slides the session's idle deadline and, in the same statement, records the member as active
 * (users.last_active_at, from which inactive-account retention counts) and withdraws any
 * inactivity warning (docs/trust-and-safety.md, "Retention").
 */
export async function touchSession(db: Db, sid: string, expire: Date, now: Date): Promise<void> {
  await db.execute(sql`
    WITH touched AS (
      UPDATE sessions SET expire = ${expire.toISOString()}::timestamptz WHERE sid = ${sid} RETURNING user_id
    )
    UPDATE users SET last_active_at = ${now.toISOString()}::timestamptz, inactivity_warned_at = NULL
    FROM touched WHERE users.id = touched.user_id`);
}

/** A sign-in is activity: inactive-account retention counts from here, and a warning is withdrawn. */
export async function recordUserActivity(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE users SET last_active_at = ${now.toISOString()}::timestamptz, inactivity_warned_at = NULL
    WHERE id = ${userId}::uuid`);
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid });
  return rows.map((r) => r.sid);
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  return rows.length;
}

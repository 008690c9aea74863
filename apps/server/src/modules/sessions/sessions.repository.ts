import { and, eq, gt, lt, sql } from 'drizzle-orm';
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

export async function upsertSession(db: Db, sid: string, data: SessionData, expire: Date): Promise<void> {
  const userId = data.userId ?? null;
  await db
    .insert(sessions)
    .values({ sid, sess: data, expire, userId })
    .onConflictDoUpdate({ target: sessions.sid, set: { sess: data, expire, userId } });
}

export async function touchSession(db: Db, sid: string, expire: Date): Promise<void> {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
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

import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** What a session row holds in `sess`. Only ids and times: nothing a leak of the table would expose. */
export interface SessionData {
  userId?: string;
  /** When the session was created (ms since epoch): the absolute timeout counts from here. */
  createdAt: number;
  [key: string]: unknown;
}

export async function findLiveSession(db: Db, sid: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)))
    .limit(1);
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

import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  findLiveSession,
  findLiveSessions,
  recordUserActivity,
  touchSession,
  upsertSession,
  type SessionData,
} from '../modules/sessions/sessions.repository.js';
import {
  SessionCache,
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_CACHE_TTL_MS,
  type SessionInvalidation,
} from '../modules/sessions/session-cache.js';

export const SESSION_COOKIE = 'sid';
/** A session unused for this long ends (idle timeout). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in however active it is (absolute timeout). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding the idle deadline costs a write, so it happens at most this often per session. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface LoadedSession {
  id: string;
  data: SessionData;
  expire: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's live session, if the request carried a valid cookie. */
    session: LoadedSession | null;
    /** The signed-in user's id, if any. */
    userId: string | undefined;
  }
  interface FastifyInstance {
    sessions: SessionManager;
  }
}

export interface SessionManager {
  /** Starts a signed-in session under a new id (the old one, if any, is destroyed: no fixation). */
  signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<LoadedSession>;
  /** Destroys the caller's session on the server and clears the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user (password reset, suspension, account deletion). Returns the ended ids. */
  endAllForUser(userId: string): Promise<string[]>;
  /** Of these session ids, the ones still live (not ended, idle or past the absolute timeout). */
  liveSessionIds(ids: readonly string[]): Promise<Set<string>>;
  /**
   * Calls `listener` with the ids of sessions this instance ended (sign-out, password reset,
   * suspension, deletion), so what belongs to them (their sockets) ends too.
   */
  onSessionsEnded(listener: (sessionIds: string[]) => void): void;
  /**
   * THE way to say sessions ended (docs/accounts.md, "Session cache"): drops them from this
   * instance's cache and, through the listeners (the realtime bus), from every other
   * instance's within a second. Call it after the transaction that deleted the rows committed;
   * sign-out, `endAllForUser` and the other deletions here call it themselves.
   */
  invalidate(target: SessionInvalidation): void;
  /** Called with every invalidation made on this instance (the realtime plugin sends it on the bus). */
  onInvalidated(listener: (target: SessionInvalidation) => void): void;
  /** An invalidation heard from another instance: drops the sessions from this cache only. */
  dropCached(target: SessionInvalidation): void;
  /** Forgets every cached session (the bus reconnected, so invalidations may have been missed). */
  clearCache(): void;
}

export interface SessionPluginOptions {
  db: Db;
  secret: string;
  secureCookies: boolean;
  now?: () => Date;
  /**
   * The time a member's activity is recorded at (`users.last_active_at`, which retention reads):
   * the product's time, which the test clock moves, where the sessions' own expiry keeps `now`.
   */
  activityNow?: () => Date;
  /** Session cache bounds (tests); defaults SESSION_CACHE_TTL_MS and SESSION_CACHE_MAX_ENTRIES. */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
}

/**
 * Cookie sessions stored in the `sessions` table (docs/engineering.md §2): they survive restarts and
 * are shared by every app instance. The cookie holds only a random, signed id.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    const now = opts.now ?? (() => new Date());
    const activityNow = opts.activityNow ?? now;
    await app.register(cookie, { secret: opts.secret });

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookies,
      signed: true,
    };

    app.decorateRequest('session', null);
    app.decorateRequest('userId', undefined);

    const cache = new SessionCache(
      opts.cacheTtlMs ?? SESSION_CACHE_TTL_MS,
      opts.cacheMaxEntries ?? SESSION_CACHE_MAX_ENTRIES,
    );
    const endedListeners: Array<(sessionIds: string[]) => void> = [];
    const invalidationListeners: Array<(target: SessionInvalidation) => void> = [];
    const invalidate = (target: SessionInvalidation) => {
      if ('sessionIds' in target && target.sessionIds.length === 0) return;
      cache.invalidate(target);
      for (const listener of invalidationListeners) listener(target);
    };
    /** Rows deleted here: out of every cache, and their sockets closed on every instance. */
    const ended = (sessionIds: string[]) => {
      if (sessionIds.length === 0) return;
      invalidate({ sessionIds });
      for (const listener of endedListeners) listener(sessionIds);
    };

    /** The live session named `sid`: from the cache, or from the table (then cached). */
    const lookUp = async (sid: string, at: Date) => {
      const cached = cache.get(sid, at.getTime());
      if (cached) return cached.expire > at ? cached : undefined;
      const generation = cache.begin();
      const row = await findLiveSession(opts.db, sid, at);
      if (row)
        cache.store({ sid: row.sid, sess: row.sess, expire: row.expire, userId: row.userId }, at.getTime(), generation);
      return row;
    };

    /**
     * Cookie values whose signature was found good, with the session id they carry: the HMAC is
     * checked once per value, not on every request (about 2% of the app's CPU under
     * hot-auction-bids, docs/performance.md). Only good signatures are kept, so nobody can fill it
     * by sending made-up cookies; whether the session still lives is asked on every request below.
     */
    const verifiedCookies = new Map<string, string>();
    const maxVerifiedCookies = opts.cacheMaxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    const sessionIdOf = (request: FastifyRequest, raw: string): string | undefined => {
      const known = verifiedCookies.get(raw);
      if (known) return known;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return undefined;
      if (verifiedCookies.size >= maxVerifiedCookies) verifiedCookies.clear();
      verifiedCookies.set(raw, unsigned.value);
      return unsigned.value;
    };

    app.addHook('onRequest', async (request) => {
      const raw = request.cookies[SESSION_COOKIE];
      if (!raw) return;
      const sid = sessionIdOf(request, raw);
      if (!sid) return;
      const row = await lookUp(sid, now());
      if (!row) return;
      const data = row.sess as SessionData;
      const current = now().getTime();
      if (current - data.createdAt > SESSION_ABSOLUTE_MS) {
        await deleteSession(opts.db, row.sid);
        ended([row.sid]);
        return;
      }
      let expire = row.expire;
      if (expire.getTime() - current < SESSION_IDLE_MS - TOUCH_INTERVAL_MS) {
        expire = new Date(current + SESSION_IDLE_MS);
        await touchSession(opts.db, row.sid, expire, activityNow());
        cache.updateExpire(row.sid, expire);
      }
      request.session = { id: row.sid, data, expire };
      request.userId = data.userId;
    });

    const manager: SessionManager = {
      async signIn(request, reply, userId) {
        if (request.session) {
          await deleteSession(opts.db, request.session.id);
          ended([request.session.id]);
        }
        const id = randomBytes(32).toString('base64url');
        const data: SessionData = { userId, createdAt: now().getTime() };
        const expire = new Date(now().getTime() + SESSION_IDLE_MS);
        await upsertSession(opts.db, id, data, expire);
        await recordUserActivity(opts.db, userId, activityNow());
        request.session = { id, data, expire };
        request.userId = userId;
        reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
        return request.session;
      },
      async signOut(request, reply) {
        if (request.session) {
          await deleteSession(opts.db, request.session.id);
          ended([request.session.id]);
        }
        request.session = null;
        request.userId = undefined;
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      },
      async endAllForUser(userId) {
        const sessionIds = await deleteSessionsOfUser(opts.db, userId);
        // One bus message by user, however many sessions the member had.
        invalidate({ userId });
        if (sessionIds.length > 0) for (const listener of endedListeners) listener(sessionIds);
        return sessionIds;
      },
      async liveSessionIds(ids) {
        const current = now();
        const rows = await findLiveSessions(opts.db, ids, current);
        const withinAbsolute = rows.filter(
          (row) => current.getTime() - (row.sess as SessionData).createdAt <= SESSION_ABSOLUTE_MS,
        );
        return new Set(withinAbsolute.map((row) => row.sid));
      },
      onSessionsEnded(listener) {
        endedListeners.push(listener);
      },
      invalidate,
      onInvalidated(listener) {
        invalidationListeners.push(listener);
      },
      dropCached(target) {
        cache.invalidate(target);
      },
      clearCache() {
        cache.clear();
      },
    };
    app.decorate('sessions', manager);

    // Expired rows are dead already (every read checks `expire`); this only keeps the table small.
    const cleanup = setInterval(() => {
      deleteExpiredSessions(opts.db, now()).catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed'));
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));
  },
  { name: 'session' },
);

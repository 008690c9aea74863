/**
 * The in-process session cache (docs/accounts.md, "Session cache"): most requests of a signed-in
 * member find their session here instead of in the `sessions` table. It is an optimisation only,
 * never the authority: an entry lives at most `ttlMs` (≤ 60 s), the cache holds at most
 * `maxEntries` sessions (least recently used dropped first), and every way a session ends
 * (sign-out, revocation, suspension, password change, account deletion) drops it on every
 * instance through `invalidateSessions` and the realtime bus.
 */

/** What the cache keeps of a session row: what the request hook needs, nothing more. */
export interface CachedSession {
  sid: string;
  sess: unknown;
  expire: Date;
  userId: string | null;
}

/** Which sessions ended: some by id, or every session of a user. */
export type SessionInvalidation = { sessionIds: readonly string[] } | { userId: string };

/** Entries live at most this long: the documented bound on what a missed invalidation can cost. */
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_TTL_MS = 60_000;
/** Sessions held at most per instance (≈ 300 bytes each). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  session: CachedSession;
  storedAt: number;
}

export class SessionCache {
  /** Map iteration follows insertion order: re-inserting on each hit makes the first key the least recently used. */
  private readonly entries = new Map<string, Entry>();
  /**
   * Bumped by every invalidation. A lookup that read the database before an invalidation must
   * not store what it read after it (the row may be the one just deleted): `store` compares.
   */
  private generation = 0;

  constructor(
    readonly ttlMs = SESSION_CACHE_TTL_MS,
    readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {
    if (!(ttlMs > 0 && ttlMs <= SESSION_CACHE_MAX_TTL_MS)) {
      throw new Error(`session cache TTL must be within (0, ${SESSION_CACHE_MAX_TTL_MS}] ms`);
    }
    if (!(maxEntries >= 1)) throw new Error('session cache needs room for at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The current generation, to pass back to `store` after the database read. */
  begin(): number {
    return this.generation;
  }

  get(sid: string, nowMs: number): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (nowMs - entry.storedAt >= this.ttlMs || nowMs < entry.storedAt) {
      // Past its TTL (or the clock went back): read the table again.
      this.entries.delete(sid);
      return undefined;
    }
    this.entries.delete(sid);
    this.entries.set(sid, entry);
    return entry.session;
  }

  /** Keeps `session` unless an invalidation happened since `generation` was taken. */
  store(session: CachedSession, nowMs: number, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(session.sid);
    this.entries.set(session.sid, { session, storedAt: nowMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** A new idle deadline written to the table (the entry keeps its age). */
  updateExpire(sid: string, expire: Date): void {
    const entry = this.entries.get(sid);
    if (entry) entry.session = { ...entry.session, expire };
  }

  invalidate(target: SessionInvalidation): void {
    this.generation += 1;
    if ('userId' in target) {
      const userId = target.userId.toLowerCase();
      // Rare (suspension, password change, deletion), and the cache is bounded: a scan is fine.
      for (const [sid, entry] of this.entries) {
        if (entry.session.userId?.toLowerCase() === userId) this.entries.delete(sid);
      }
      return;
    }
    for (const sid of target.sessionIds) this.entries.delete(sid);
  }

  /** Forgets everything (the bus reconnected: invalidations sent meanwhile were missed). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/**
 * The text an invalidation travels as on the bus: `s:` and session ids joined by commas, or
 * `u:` and a user id. Several messages when the ids do not fit one payload.
 */
export function encodeInvalidation(target: SessionInvalidation, maxBytes: number): string[] {
  if ('userId' in target) return [`u:${target.userId}`];
  const messages: string[] = [];
  let chunk: string[] = [];
  let bytes = 2;
  for (const sid of target.sessionIds) {
    if (chunk.length > 0 && bytes + sid.length + 1 > maxBytes) {
      messages.push(`s:${chunk.join(',')}`);
      chunk = [];
      bytes = 2;
    }
    chunk.push(sid);
    bytes += sid.length + 1;
  }
  if (chunk.length > 0) messages.push(`s:${chunk.join(',')}`);
  return messages;
}

export function decodeInvalidation(body: string): SessionInvalidation | null {
  if (body.startsWith('u:') && body.length > 2) return { userId: body.slice(2) };
  if (body.startsWith('s:')) {
    const sessionIds = body
      .slice(2)
      .split(',')
      .filter((sid) => sid.length > 0);
    return sessionIds.length > 0 ? { sessionIds } : null;
  }
  return null;
}

/**
 * Ends sessions in every instance's cache (and, through the bus, within a second everywhere):
 * call it after the transaction that deleted or revoked the rows committed. Password reset,
 * suspension and account deletion use it by user: `invalidateSessions(app, { userId })`.
 * `app.sessions.endAllForUser(userId)` deletes the rows, invalidates and closes the sockets in one call.
 */
export function invalidateSessions(
  app: { sessions: { invalidate(target: SessionInvalidation): void } },
  target: SessionInvalidation,
): void {
  app.sessions.invalidate(target);
}

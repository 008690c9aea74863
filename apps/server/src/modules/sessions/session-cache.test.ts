import { describe, expect, it } from 'vitest';
import { decodeInvalidation, encodeInvalidation, SessionCache, type CachedSession } from './session-cache.js';

const USER = '6f1c1a52-3b8e-4a57-9d3e-2f0b8c1d4e5a';
const OTHER = '0b7d6c1e-9a2f-4c3b-8e5d-1a2b3c4d5e6f';

const session = (sid: string, userId: string | null = USER): CachedSession => ({
  sid,
  sess: { userId, createdAt: 0 },
  expire: new Date(10_000_000),
  userId,
});

describe('session cache', () => {
  it('serves an entry until its TTL, then forgets it', () => {
    const cache = new SessionCache(30_000, 10);
    cache.store(session('a'), 1_000, cache.begin());
    expect(cache.get('a', 30_999)?.sid).toBe('a');
    expect(cache.get('a', 31_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new SessionCache(30_000, 2);
    cache.store(session('a'), 0, cache.begin());
    cache.store(session('b'), 0, cache.begin());
    expect(cache.get('a', 1)).toBeDefined(); // a is now the most recently used
    cache.store(session('c'), 2, cache.begin());
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBeDefined();
    expect(cache.get('c', 3)).toBeDefined();
  });

  it('invalidates by session id and by user', () => {
    const cache = new SessionCache(30_000, 10);
    cache.store(session('a'), 0, cache.begin());
    cache.store(session('b'), 0, cache.begin());
    cache.store(session('c', OTHER), 0, cache.begin());
    cache.invalidate({ sessionIds: ['a'] });
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.invalidate({ userId: USER.toUpperCase() });
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not store a row read before an invalidation that happened during the read', () => {
    const cache = new SessionCache(30_000, 10);
    const generation = cache.begin();
    // …the database read is under way when the session is revoked…
    cache.invalidate({ sessionIds: ['a'] });
    cache.store(session('a'), 0, generation);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('refuses a TTL above 60 s', () => {
    expect(() => new SessionCache(60_001, 10)).toThrow(/TTL/);
    expect(() => new SessionCache(0, 10)).toThrow(/TTL/);
  });

  it('encodes invalidations for the bus in messages that fit, and decodes them back', () => {
    expect(encodeInvalidation({ userId: USER }, 100)).toEqual([`u:${USER}`]);
    const sessionIds = Array.from({ length: 10 }, (_, i) => `sid-${i}-${'x'.repeat(40)}`);
    const messages = encodeInvalidation({ sessionIds }, 200);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(message.length).toBeLessThanOrEqual(200);
    expect(messages.flatMap((m) => (decodeInvalidation(m) as { sessionIds: string[] }).sessionIds)).toEqual(sessionIds);
    expect(decodeInvalidation(`u:${USER}`)).toEqual({ userId: USER });
    expect(decodeInvalidation('s:')).toBeNull();
    expect(decodeInvalidation('nonsense')).toBeNull();
  });
});

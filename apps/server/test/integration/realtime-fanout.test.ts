import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ACCOUNT_DELETE_CONFIRMATION } from '@bid/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { PG_LISTEN_APPLICATION_NAME } from '../../src/modules/realtime/postgres-bus.js';
import type { RealtimeHub } from '../../src/modules/realtime/hub.js';
import { anotherInstanceForSuite, signOutByLink, suiteWorld, type Member } from '../support/world.js';
import { connectionUrlOf, testDatabaseFactories, type TestDatabaseFactory } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** TEST_REDIS_URL (or REDIS_URL) turns on the Redis runs, like TEST_DATABASE_URL does PostgreSQL's. */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

interface Variant {
  name: string;
  factory: TestDatabaseFactory;
  env: Record<string, string>;
}

const variants: Variant[] = testDatabaseFactories().flatMap((factory): Variant[] => {
  const listenNotify: Variant = { name: `${factory.kind} LISTEN/NOTIFY`, factory, env: {} };
  return redisUrl
    ? [listenNotify, { name: `${factory.kind} + Redis pub/sub`, factory, env: { REDIS_URL: redisUrl } }]
    : [listenNotify];
});

/**
 * Two app instances on one database, each with its own sockets (docs/engineering.md §6: several instances
 * behind a load balancer see every event). On PostgreSQL each instance has its own pool and
 * LISTEN connection, exactly as two processes would; embedded PGlite serves one process, so
 * there the two apps share the one client.
 */
describe.each(variants)('two app instances: $name', ({ factory, env }) => {
  /** Instance A: the world's app. */
  const world = suiteWorld(factory, { env });
  const b = anotherInstanceForSuite(world, env);
  let host: Member;
  let bidder: Member;

  const createAuction = async () =>
    (
      await world.createAuction(host, {
        title: 'Dinner at the night market',
        description: 'Street food and a stroll between the stalls.',
        dateType: 'dinner',
        expectedDuration: 90,
      })
    ).id;

  const bidOnA = (auctionId: string, amount: string) => world.bid(bidder, { auctionId, amount });

  const subscribeOnB = async (auctionId: string, who?: Pick<Member, 'cookie'>) => {
    const client = await b.live(who);
    client.send({ type: 'subscribe_auction', auctionId });
    await client.take((m) => m.type === 'subscribed');
    return client;
  };

  beforeAll(async () => {
    host = await world.signUp('Hosta');
    bidder = await world.signUp('Bidda');
  });

  it('a bid placed through instance A reaches a subscriber on instance B', async () => {
    const auctionId = await createAuction();
    const watcher = await subscribeOnB(auctionId);
    const res = await bidOnA(auctionId, '31');
    expect(res.statusCode, res.body).toBe(201);
    expect(await watcher.take((m) => m.type === 'bid_update')).toMatchObject({
      auctionId,
      newBid: '31.00',
      bidCount: 1,
    });
    watcher.close();
  });

  it('a refused bid publishes nothing on any instance (publishing follows the commit)', async () => {
    const auctionId = await createAuction();
    const watcher = await subscribeOnB(auctionId);
    expect((await bidOnA(auctionId, '10')).statusCode).toBe(400);
    expect((await bidOnA(auctionId, '22')).statusCode).toBe(201);
    // The first update B hears is the accepted bid's; the refused one never went out.
    expect(await watcher.take((m) => m.type === 'bid_update')).toMatchObject({ newBid: '22.00', bidCount: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(watcher.messages.filter((m) => m.type === 'bid_update')).toEqual([]);
    watcher.close();
  });

  it('per-user events, presence and logout reach every instance', async () => {
    const dana = await world.signUp('Dana', { profile: false });
    const userId = dana.id;
    expect(await world.app.realtime.isOnline(userId)).toBe(false);

    const onB = await b.live(dana);
    await waitFor(() => world.app.realtime.isOnline(userId), 5000, 'presence on A');

    world.app.realtime.publishToUser(userId, { type: 'notifications_changed' });
    expect(await onB.take((m) => m.type === 'notifications_changed')).toBeTruthy();

    const res = await signOutByLink(world, dana);
    expect(res.statusCode).toBe(302);
    expect((await onB.closed).code).toBe(4001);
    await waitFor(async () => !(await world.app.realtime.isOnline(userId)), 5000, 'offline on A');
  });

  it('signing out closes exactly that session’s sockets, on every instance', async () => {
    const email = `erin.${randomUUID()}@example.com`;
    const laptop = await signInByEmail(world.app, email, 'laptop password', true);
    const phone = await signInByEmail(world.app, email, 'laptop password', false);
    const laptopOnB = await b.live(laptop);
    const phoneOnB = await b.live(phone);
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: withSession(laptop.cookie),
      headers: { origin: 'http://localhost:5000' },
    });
    expect(res.statusCode).toBe(303);
    expect((await laptopOnB.closed).code).toBe(4001);
    // The phone's session lives on, and so does its socket.
    phoneOnB.send({ type: 'ping' });
    expect(await phoneOnB.take((m) => m.type === 'pong')).toMatchObject({ authenticated: true });
    phoneOnB.close();
  });

  it('a password reset closes the old session’s sockets on every instance (the attacker’s open socket)', async () => {
    const email = `fay.${randomUUID()}@example.com`;
    const attacker = await signInByEmail(world.app, email, 'stolen password', true);
    const attackersSocket = await b.live(attacker);
    attackersSocket.send({ type: 'ping' });
    await attackersSocket.take((m) => m.type === 'pong');
    // The owner sets a new password with a code sent to their address.
    const reset = await signInByEmail(world.app, email, 'owner’s new password', true);
    expect(reset.body.message).toBe('Password updated and signed in');
    expect((await attackersSocket.closed).code).toBe(4001);
  });

  it('closes a socket whose session expired or was deleted behind its back, at the next session check', async () => {
    const gus = await world.signUp('Gus', { profile: false });
    const onB = await b.live(gus);
    onB.send({ type: 'ping' });
    await onB.take((m) => m.type === 'pong');
    // The session row ends without any instance being told (expiry, or a deletion by another tool).
    await world.db.delete(sessions).where(eq(sessions.userId, gus.id));
    // A new subscription re-checks the session…
    onB.send({ type: 'subscribe_auction', auctionId: '00000000-0000-4000-8000-000000000000' });
    expect((await onB.closed).code).toBe(4001);
  });

  describe('session cache (docs/accounts.md)', () => {
    const whoAmIOnB = (cookie: string) =>
      b.app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });

    /** Resolves with the time B heard the next session invalidation published on the bus. */
    const nextInvalidationOnB = () =>
      new Promise<number>((resolve) => {
        let heard = false;
        (b.app.realtime as RealtimeHub).onSessionInvalidation(() => {
          if (heard) return;
          heard = true;
          resolve(performance.now());
        });
      });

    it('serves a session from the cache: a row deleted behind its back still works until the TTL', async () => {
      const ivy = await world.signUp('Ivy', { profile: false });
      expect((await whoAmIOnB(ivy.cookie)).statusCode).toBe(200);
      // No instance is told (another tool deleted the row): B answers from its cache.
      await world.db.delete(sessions).where(eq(sessions.userId, ivy.id));
      expect((await whoAmIOnB(ivy.cookie)).statusCode).toBe(200);
      expect((await world.get('/api/auth/user', ivy)).statusCode).toBe(401);
    });

    const revocations: Array<{
      how: string;
      revoke: (cookie: string, userId: string, email: string) => Promise<void>;
    }> = [
      {
        how: 'sign-out',
        async revoke(cookie) {
          const res = await world.app.inject({
            method: 'POST',
            url: '/api/logout',
            cookies: withSession(cookie),
            headers: { origin: 'http://localhost:5000' },
          });
          expect(res.statusCode).toBe(303);
        },
      },
      {
        how: 'password reset',
        async revoke(_cookie, _userId, email) {
          const reset = await signInByEmail(world.app, email, 'a brand new password', true);
          expect(reset.body.message).toBe('Password updated and signed in');
        },
      },
      {
        how: 'ending every session of the member (suspension)',
        async revoke(_cookie, userId) {
          expect(await world.app.sessions.endAllForUser(userId)).toHaveLength(1);
        },
      },
      {
        how: 'account deletion',
        async revoke(cookie) {
          const res = await world.app.inject({
            method: 'DELETE',
            url: '/api/account',
            payload: { confirm: ACCOUNT_DELETE_CONFIRMATION },
            cookies: withSession(cookie),
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      },
    ];

    it.each(revocations)('a session revoked on A by $how is refused on B within a second', async ({ revoke }) => {
      const jo = await world.signUp('Jo', { profile: false });
      // B has the session in its cache.
      expect((await whoAmIOnB(jo.cookie)).statusCode).toBe(200);
      expect((await whoAmIOnB(jo.cookie)).statusCode).toBe(200);

      const heard = nextInvalidationOnB();
      const revokedAt = performance.now();
      await revoke(jo.cookie, jo.id, jo.email);
      const heardAt = await heard;
      // Once the bus message is in, B refuses the session at once: no TTL to wait out.
      expect((await whoAmIOnB(jo.cookie)).statusCode).toBe(401);
      expect(heardAt - revokedAt).toBeLessThan(1000);
    });

    it.runIf(factory.kind === 'postgres' && !env.REDIS_URL)(
      'flushes the cache when the bus reconnects (invalidations sent meanwhile were missed)',
      async () => {
        const kit = await world.signUp('Kit', { profile: false });
        expect((await whoAmIOnB(kit.cookie)).statusCode).toBe(200);
        await world.db.delete(sessions).where(eq(sessions.userId, kit.id));
        expect((await whoAmIOnB(kit.cookie)).statusCode).toBe(200);
        const admin = new pg.Client({ connectionString: connectionUrlOf(world.testDb.database) });
        await admin.connect();
        try {
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
            [PG_LISTEN_APPLICATION_NAME],
          );
        } finally {
          await admin.end();
        }
        await expect
          .poll(async () => (await whoAmIOnB(kit.cookie)).statusCode, { timeout: 15_000, interval: 100 })
          .toBe(401);
      },
    );
  });

  it('allows at most 10 sockets per session', async () => {
    const hal = await world.signUp('Hal', { profile: false });
    const sockets = await Promise.all(Array.from({ length: 10 }, () => b.live(hal)));
    const eleventh = await b.live(hal);
    expect((await eleventh.closed).code).toBe(1008);
    for (const socket of sockets) socket.close();
  });

  it.runIf(factory.kind === 'postgres' && !env.REDIS_URL)(
    'the LISTEN connections come back after pg_terminate_backend',
    async () => {
      const admin = new pg.Client({ connectionString: connectionUrlOf(world.testDb.database) });
      await admin.connect();
      try {
        const listeners = async () =>
          (
            await admin.query<{ pid: number }>(
              'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
              [PG_LISTEN_APPLICATION_NAME],
            )
          ).rows.map((r) => r.pid);
        const before = await listeners();
        expect(before).toHaveLength(2);
        await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
        await waitFor(
          async () => {
            const now = await listeners();
            return now.length === 2 && now.every((pid) => !before.includes(pid));
          },
          10_000,
          'new LISTEN connections',
        );

        const auctionId = await createAuction();
        const watcher = await subscribeOnB(auctionId);
        expect((await bidOnA(auctionId, '40')).statusCode).toBe(201);
        expect(await watcher.take((m) => m.type === 'bid_update')).toMatchObject({ auctionId, newBid: '40.00' });
        watcher.close();
      } finally {
        await admin.end();
      }
    },
  );
});

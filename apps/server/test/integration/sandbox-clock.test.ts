import {
  PRE_SUBMIT_MESSAGES,
  SANDBOX_CLOCK_MAX_ADVANCE_MINUTES,
  SANDBOX_CLOCK_MAX_OFFSET_MINUTES,
  SANDBOX_CLOCK_MESSAGES,
  type AuctionDetail,
  type SandboxClock,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auctions, charges, sandboxClock } from '../../src/db/schema/index.js';
import { createTestApp, PRODUCTION_TEST_ENV } from '../support/app.js';
import { testDatabaseFactories } from '../support/databases.js';
import { STRIPE_OFFLINE_ENV } from '../support/payments.js';
import { withSession } from '../support/session.js';
import { anotherInstanceForSuite, auctionInput, createAuctionAs, signUpMember, suiteWorld } from '../support/world.js';

// The test clock (docs/payments.md, "The test clock"): GET and POST /api/sandbox/clock while the
// payment sandbox runs outside production; every rule that reads the time follows it, on every
// instance sharing the database, and a move runs the jobs that became due.

const MINUTE = 60_000;

function readClock(app: FastifyInstance, cookie?: string) {
  return app.inject({ method: 'GET', url: '/api/sandbox/clock', cookies: withSession(cookie) });
}

function moveClock(app: FastifyInstance, cookie: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/sandbox/clock',
    payload: payload as object,
    cookies: withSession(cookie),
  });
}

describe.each(testDatabaseFactories())('the test clock on $kind', (factory) => {
  const world = suiteWorld(factory);
  const other = anotherInstanceForSuite(world);

  it('is for signed-in members: 401 without a session, and nothing moves', async () => {
    expect((await readClock(world.app)).statusCode).toBe(401);
    const moved = await moveClock(world.app, undefined, { advanceMinutes: 5 });
    expect(moved.statusCode).toBe(401);
    expect(await world.db.select().from(sandboxClock)).toEqual([]);
  });

  it('answers the server time and a zero offset before it ever moved', async () => {
    const member = await signUpMember(world.app, 'Tess', { profile: false });
    const before = Date.now();
    const res = await readClock(world.app, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const clock = res.json<SandboxClock>();
    expect(clock.offsetMinutes).toBe(0);
    const at = new Date(clock.now).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each([
    ['no field', {}],
    ['zero', { advanceMinutes: 0 }],
    ['backwards', { advanceMinutes: -30 }],
    ['a fraction', { advanceMinutes: 1.5 }],
    ['text', { advanceMinutes: '10' }],
    ['more than a call may move', { advanceMinutes: SANDBOX_CLOCK_MAX_ADVANCE_MINUTES + 1 }],
  ])('refuses %s with a 400 naming advanceMinutes, and nothing moves', async (_case, payload) => {
    const member = await signUpMember(world.app, 'Vic', { profile: false });
    const before = (await readClock(world.app, member.cookie)).json<SandboxClock>().offsetMinutes;
    const res = await moveClock(world.app, member.cookie, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: SANDBOX_CLOCK_MESSAGES.advanceMinutes, field: 'advanceMinutes' });
    expect((await readClock(world.app, member.cookie)).json<SandboxClock>().offsetMinutes).toBe(before);
  });

  it('ends an auction when it passes its end: the move closes it and charges the winner before answering', async () => {
    const host = await signUpMember(world.app, 'Hana');
    const bidder = await signUpMember(world.app, 'Bo');
    const { offsetMinutes: startOffset } = (await readClock(world.app, host.cookie)).json<SandboxClock>();
    const serverNow = Date.now() + startOffset * MINUTE;
    const auction = await createAuctionAs(world.app, host, {
      endTime: new Date(serverNow + 90 * MINUTE).toISOString(),
    });
    const bid = await world.bid(bidder, { auctionId: auction.id, amount: '25' });
    expect(bid.statusCode, bid.body).toBe(201);

    const moved = await moveClock(world.app, bidder.cookie, { advanceMinutes: 91 });
    expect(moved.statusCode, moved.body).toBe(200);
    const clock = moved.json<SandboxClock>();
    expect(clock.offsetMinutes).toBe(startOffset + 91);
    expect(new Date(clock.now).getTime()).toBeGreaterThan(serverNow + 90 * MINUTE);

    // Closed by the lifecycle job at the new time, winner decided and charged, before the answer.
    const [row] = await world.db.select().from(auctions).where(eq(auctions.id, auction.id));
    expect(row).toMatchObject({ isActive: false, winnerId: bidder.id });
    expect(row!.closedAt).not.toBeNull();
    const [charge] = await world.db.select().from(charges).where(eq(charges.auctionId, auction.id));
    expect(charge).toMatchObject({ status: 'succeeded', payerId: bidder.id });
    const detail = await world.app.inject({ method: 'GET', url: `/api/auctions/${auction.id}` });
    expect(detail.json<AuctionDetail>()).toMatchObject({ isActive: false, winnerId: bidder.id });
  });

  it('is the same clock on another instance of the same database, which follows a move by itself', async () => {
    const member = await signUpMember(world.app, 'Ines');
    const { offsetMinutes } = (await readClock(world.app, member.cookie)).json<SandboxClock>();
    // An auction ending 20 minutes from the real time: fine until the clock passes it.
    const soon = () =>
      auctionInput({ endTime: new Date(Date.now() + offsetMinutes * MINUTE + 20 * MINUTE).toISOString() });
    const create = () =>
      other.app.inject({ method: 'POST', url: '/api/auctions', payload: soon(), cookies: withSession(member.cookie) });
    const accepted = await create();
    expect(accepted.statusCode, accepted.body).toBe(201);

    const moved = await moveClock(world.app, member.cookie, { advanceMinutes: 30 });
    expect(moved.statusCode, moved.body).toBe(200);

    // The other instance hears the move on the realtime bus: its own rules refuse that end now,
    // without anything asking it to read the clock first.
    await expect
      .poll(async () => (await create()).json<{ message?: string }>().message, { timeout: 10_000 })
      .toBe(PRE_SUBMIT_MESSAGES.endTimeInPast.description);
    const there = (await readClock(other.app, member.cookie)).json<SandboxClock>();
    expect(there.offsetMinutes).toBe(offsetMinutes + 30);
    expect(Math.abs(new Date(there.now).getTime() - (Date.now() + there.offsetMinutes * MINUTE))).toBeLessThan(5000);
  });

  it('moves for two callers at once, each move counted once', async () => {
    const member = await signUpMember(world.app, 'Jo', { profile: false });
    const { offsetMinutes } = (await readClock(world.app, member.cookie)).json<SandboxClock>();
    const [a, b] = await Promise.all([
      moveClock(world.app, member.cookie, { advanceMinutes: 7 }),
      moveClock(other.app, member.cookie, { advanceMinutes: 11 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await readClock(world.app, member.cookie)).json<SandboxClock>().offsetMinutes).toBe(offsetMinutes + 18);
  });

  // Last: ten years on, retention has had its way with the members made above.
  it('refuses a move past ten years ahead in total with a 400, and nothing moves', async () => {
    // A fresh member for each year: a year without activity ends an account (retention).
    const member = () => signUpMember(world.app, 'Kit', { profile: false });
    const { offsetMinutes } = (await readClock(world.app, (await member()).cookie)).json<SandboxClock>();
    const room = SANDBOX_CLOCK_MAX_OFFSET_MINUTES - offsetMinutes;
    for (let left = room; left > 0; left -= SANDBOX_CLOCK_MAX_ADVANCE_MINUTES) {
      const step = Math.min(left, SANDBOX_CLOCK_MAX_ADVANCE_MINUTES);
      const res = await moveClock(world.app, (await member()).cookie, { advanceMinutes: step });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await moveClock(world.app, (await member()).cookie, { advanceMinutes: 1 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message: SANDBOX_CLOCK_MESSAGES.tooFar, field: 'advanceMinutes' });
    const [row] = await world.db.select().from(sandboxClock);
    expect(row!.offsetMinutes).toBe(SANDBOX_CLOCK_MAX_OFFSET_MINUTES);
  });

  it('does not exist with Stripe or in production, even on a staging server that allows the sandbox (404)', async () => {
    for (const env of [PRODUCTION_TEST_ENV, STRIPE_OFFLINE_ENV]) {
      const app = await createTestApp(world.testDb.database, env);
      try {
        // The sandbox card routes exist on the staging server; the clock never does in production.
        const get = await app.inject({ method: 'GET', url: '/api/sandbox/clock' });
        const post = await app.inject({ method: 'POST', url: '/api/sandbox/clock', payload: { advanceMinutes: 5 } });
        expect([get.statusCode, post.statusCode]).toEqual([404, 404]);
      } finally {
        await app.close();
      }
    }
  });
});

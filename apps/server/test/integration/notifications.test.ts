import { serverBroadcastSchema, type CreateAuctionInput } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewNotification } from '../../src/db/schema/index.js';
import { insertNotifications } from '../../src/modules/notifications/notifications.repository.js';
import { NOTIFICATION_LIST_LIMIT } from '../../src/modules/notifications/notifications.service.js';
import { createTestApp } from '../support/app.js';
import { createWorld, signUpMember, type Member } from '../support/world.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';

type Person = Pick<Member, 'id' | 'cookie'>;

interface NotificationBody {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  relatedAuctionId: string | null;
  relatedUserId: string | null;
  createdAt: string;
}

const HOUR = 3_600_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseFactories())('notifications API on $kind', (factory) => {
  const world = createWorld(factory);
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let ann: Person;
  let ben: Person;
  let emails = 0;

  const signUp = (firstName: string) => signUpMember(app, firstName);

  const call = (method: 'GET' | 'POST', url: string, who?: Person) =>
    app.inject({ method, url, cookies: withSession(who?.cookie) });

  const list = async (who: Person) => {
    const res = await call('GET', '/api/notifications', who);
    expect(res.statusCode).toBe(200);
    return res.json<NotificationBody[]>();
  };
  const unread = async (who: Person) => {
    const res = await call('GET', '/api/notifications/count', who);
    expect(res.statusCode).toBe(200);
    return res.json<{ count: number }>().count;
  };

  /** Stores notifications straight through the module's repository, one second apart (oldest first). */
  const seed = async (who: Person, n: number, start = Date.now() - n * 1000) => {
    const rows: NewNotification[] = Array.from({ length: n }, (_, i) => ({
      userId: who.id,
      type: 'bid_received' as const,
      title: `Notice ${i + 1}`,
      message: `Message ${i + 1}`,
      createdAt: new Date(start + i * 1000),
    }));
    await insertNotifications(testDb.database.db, rows);
  };

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
    ann = await signUp('Ann');
    ben = await signUp('Ben');
  });
  afterAll(() => world.close());

  it('refuses nobody with 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count'],
      ['POST', `/api/notifications/${UNKNOWN_ID}/read`],
      ['POST', '/api/notifications/mark-all-read'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts empty for a new user', async () => {
    const carl = await signUp('Carl');
    expect(await list(carl)).toEqual([]);
    expect(await unread(carl)).toBe(0);
  });

  it('tells the host of a bid, newest first, with only the public fields', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/auctions',
      cookies: withSession(ann.cookie),
      payload: {
        title: 'Coffee by the lake',
        description: 'A slow coffee and a walk around the lake.',
        dateType: 'coffee',
        location: 'Austin, TX',
        locationRadius: 25,
        startingBid: '20',
        endTime: new Date(Date.now() + 24 * HOUR).toISOString(),
        paymentResponsibility: '50_50',
        expectedDuration: 60,
      } satisfies CreateAuctionInput,
    });
    expect(created.statusCode, created.body).toBe(201);
    const auctionId = created.json<{ id: string }>().id;
    const bid = await app.inject({
      method: 'POST',
      url: '/api/bids',
      cookies: withSession(ben.cookie),
      payload: { auctionId, amount: '25' },
    });
    expect(bid.statusCode, bid.body).toBe(201);

    const mine = await list(ann);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toEqual({
      id: expect.any(String),
      type: 'bid_received',
      title: expect.any(String),
      message: expect.any(String),
      isRead: false,
      relatedAuctionId: auctionId,
      relatedUserId: ben.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Object.keys(mine[0] ?? {})).not.toContain('userId');
    expect(await unread(ann)).toBe(1);
    // Ben's own list does not show Ann's notification.
    expect((await list(ben)).map((n) => n.id)).not.toContain(mine[0]?.id);
  });

  it('lists the latest 50, newest first, and counts every unread one', async () => {
    const dee = await signUp('Dee');
    await seed(dee, NOTIFICATION_LIST_LIMIT + 5);
    const mine = await list(dee);
    expect(mine).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(mine[0]?.title).toBe(`Notice ${NOTIFICATION_LIST_LIMIT + 5}`);
    const times = mine.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await unread(dee)).toBe(NOTIFICATION_LIST_LIMIT + 5);
  });

  it('marks one read for its owner only; another user, an unknown or a malformed id get 404', async () => {
    const eve = await signUp('Eve');
    const fay = await signUp('Fay');
    await seed(eve, 3);
    const [newest, second] = await list(eve);
    if (!newest || !second) throw new Error('seed failed');

    // Another signed-in user cannot read, mark or even learn of Eve's notification.
    const stranger = await call('POST', `/api/notifications/${newest.id}/read`, fay);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'not_found' });
    expect(await unread(eve)).toBe(3);
    expect(await call('POST', `/api/notifications/${UNKNOWN_ID}/read`, eve)).toMatchObject({ statusCode: 404 });
    for (const malformed of ['not-a-uuid', '1', "1' OR '1'='1"]) {
      const res = await call('POST', `/api/notifications/${encodeURIComponent(malformed)}/read`, eve);
      expect(res.statusCode, malformed).toBe(404);
    }
    expect(await call('POST', `/api/notifications/${newest.id}/read`)).toMatchObject({ statusCode: 401 });
    expect(await unread(eve)).toBe(3);

    const ok = await call('POST', `/api/notifications/${newest.id}/read`, eve);
    expect(ok.statusCode).toBe(200);
    expect(await unread(eve)).toBe(2);
    const after = await list(eve);
    expect(after.find((n) => n.id === newest.id)?.isRead).toBe(true);
    expect(after.find((n) => n.id === second.id)?.isRead).toBe(false);
    // Reading it again is harmless.
    expect((await call('POST', `/api/notifications/${newest.id}/read`, eve)).statusCode).toBe(200);
    expect(await unread(eve)).toBe(2);
  });

  it("marks all of the caller's unread ones read, and no one else's", async () => {
    const gus = await signUp('Gus');
    const hal = await signUp('Hal');
    await seed(gus, 4);
    await seed(hal, 2);
    const [first] = await list(gus);
    await call('POST', `/api/notifications/${first?.id}/read`, gus);

    const res = await call('POST', '/api/notifications/mark-all-read', gus);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect(await unread(gus)).toBe(0);
    expect((await list(gus)).every((n) => n.isRead)).toBe(true);
    expect(await unread(hal)).toBe(2);

    const again = await call('POST', '/api/notifications/mark-all-read', gus);
    expect(again.json()).toEqual({ updated: 0 });
  });

  it('publishes notifications_changed to the owner when one is read or all are', async () => {
    const published: Array<{ userId: string; type: string }> = [];
    const probeApp = await createTestApp(
      testDb.database,
      { OTP_MAX_PER_IP: '1000' },
      {
        configure: (instance) => {
          const { realtime } = instance;
          const publishToUser = realtime.publishToUser.bind(realtime);
          vi.spyOn(realtime, 'publishToUser').mockImplementation((userId, event) => {
            published.push({ userId, type: serverBroadcastSchema.parse(event).type });
            publishToUser(userId, event);
          });
        },
      },
    );
    try {
      const { cookie, body } = await signInByEmail(probeApp, `ivy.${++emails}@example.com`);
      const ivy = { id: body.user.id, cookie };
      await seed(ivy, 2);
      const [one] = (
        await probeApp.inject({ method: 'GET', url: '/api/notifications', cookies: withSession(cookie) })
      ).json<NotificationBody[]>();
      await probeApp.inject({
        method: 'POST',
        url: `/api/notifications/${one?.id}/read`,
        cookies: withSession(cookie),
      });
      await probeApp.inject({ method: 'POST', url: '/api/notifications/mark-all-read', cookies: withSession(cookie) });
      expect(published).toEqual([
        { userId: ivy.id, type: 'notifications_changed' },
        { userId: ivy.id, type: 'notifications_changed' },
      ]);
    } finally {
      await probeApp.close();
    }
  });
});

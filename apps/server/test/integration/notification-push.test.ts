import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, pushSubscriptions } from '../../src/db/schema/index.js';
import { PUSH_TTL_SECONDS } from '../../src/modules/notifications/delivery/push-sender.js';
import { insertNotifications } from '../../src/modules/notifications/notifications.repository.js';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories } from '../support/databases.js';
import { startPushService, type BrowserSubscription, type TestPushService } from '../support/push-service.js';
import { withSession } from '../support/session.js';
import { suiteWorldWith, type Member } from '../support/world.js';

/**
 * Web push through the outbox (docs/notifications.md) against a local push service allowed by
 * PUSH_ALLOWED_ORIGINS, which verifies the VAPID signature and decrypts every payload with the
 * subscription's own private key: the payload and urgency rules, 410 forgetting the device,
 * retries on a 5xx, and the SSRF allow-list on the subscription route.
 */
describe.each(testDatabaseFactories())('web push on $kind', (factory) => {
  const world = suiteWorldWith(factory, { start: startPushService, stop: (push) => push.close() }, (push) => ({
    env: { PUSH_ALLOWED_ORIGINS: push.origin },
    clock: new Date(),
  }));
  let push: TestPushService;
  let ann: Member;
  let bob: Member;

  beforeAll(async () => {
    push = world.service;
    ann = await world.signUp('Ann', { profile: false });
    bob = await world.signUp('Bob', { profile: false });
  });

  const subscribe = (who: { cookie: string } | undefined, body: unknown) =>
    world.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      cookies: withSession(who?.cookie),
      payload: body as object,
    });
  const toJson = (s: BrowserSubscription) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });
  const subscriptionsOf = (userId: string) =>
    world.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  async function notify(userId: string, type: 'outbid' | 'date_plan' | 'refund', auctionId: string | null = null) {
    await insertNotifications(world.db, [
      {
        userId,
        type,
        title: `Title of ${type}`,
        message: `Message of ${type} <b>as typed</b>`,
        relatedAuctionId: auctionId,
      },
    ]);
    world.clock = new Date(Math.max(world.clock.getTime(), Date.now() + 1_000));
  }

  it('answers the VAPID public key the browser subscribes with', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ publicKey: string }>().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('stores a subscription (201), once per endpoint, and refuses endpoints outside the allow-list', async () => {
    const phone = push.subscription(`ann-phone-${randomUUID()}`);
    expect((await subscribe(ann, toJson(phone))).statusCode).toBe(201);
    expect((await subscribe(ann, toJson(phone))).statusCode).toBe(201);
    expect(await subscriptionsOf(ann.id)).toHaveLength(1);

    const refused = [
      { ...toJson(phone), endpoint: 'https://evil.example/push/1' },
      { ...toJson(phone), endpoint: 'http://169.254.169.254/latest/meta-data' },
      { ...toJson(phone), endpoint: `${push.origin.replace(/:\d+$/, ':1')}/push/x` },
      { ...toJson(phone), endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
    ];
    for (const body of refused) {
      const res = await subscribe(bob, body);
      expect(res.statusCode, body.endpoint).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('This push service is not allowed.');
    }
    for (const body of [{}, { endpoint: phone.endpoint }, { ...toJson(phone), keys: { p256dh: '!!', auth: 'x' } }]) {
      expect((await subscribe(bob, body)).statusCode).toBe(400);
    }
    expect(await subscriptionsOf(bob.id)).toEqual([]);
    expect((await subscribe(undefined, toJson(push.subscription('nobody')))).statusCode).toBe(401);
  });

  it('pushes an outbid alert: VAPID-signed, decryptable with the subscription keys, urgent, with a TTL and the app path', async () => {
    const laptop = push.subscription(`ann-laptop-${randomUUID()}`);
    expect((await subscribe(ann, toJson(laptop))).statusCode).toBe(201);
    const before = push.received.length;
    await notify(ann.id, 'outbid');
    await world.app.notificationDelivery.runOnce();

    expect(push.problems).toEqual([]);
    const pushes = push.received.slice(before);
    // Both of Ann's devices got it.
    expect(pushes).toHaveLength(2);
    const publicKey = (await world.app.inject({ method: 'GET', url: '/api/push/public-key' })).json<{
      publicKey: string;
    }>().publicKey;
    for (const received of pushes) {
      expect(received.vapidPublicKey).toBe(publicKey);
      expect(received.claims.aud).toBe(push.origin);
      expect(received.claims.sub).toMatch(/^mailto:/);
      expect(received.headers.urgency).toBe('high');
      expect(received.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(received.payload).toEqual({
        type: 'outbid',
        title: 'Title of outbid',
        body: 'Message of outbid <b>as typed</b>',
        url: '/',
      });
    }
  });

  it('sends other types at normal urgency, with the auction page as the url', async () => {
    const before = push.received.length;
    const auctionId = await insertAuction(world.db, {
      creatorId: bob.id,
      endTime: new Date(Date.now() + 3_600_000),
    });
    await notify(ann.id, 'refund', auctionId);
    await world.app.notificationDelivery.runOnce();
    const pushes = push.received.slice(before);
    expect(pushes).toHaveLength(2);
    for (const received of pushes) {
      expect(received.headers.urgency).toBe('normal');
      expect(received.payload).toMatchObject({ type: 'refund', url: `/auction/${auctionId}` });
    }
  });

  it('forgets a device the push service answers 410 for, and keeps the others', async () => {
    const gone = push.subscription(`bob-old-${randomUUID()}`);
    const current = push.subscription(`bob-new-${randomUUID()}`);
    expect((await subscribe(bob, toJson(gone))).statusCode).toBe(201);
    expect((await subscribe(bob, toJson(current))).statusCode).toBe(201);
    push.answer.set(new URL(gone.endpoint).pathname, 410);
    await notify(bob.id, 'date_plan');
    await world.app.notificationDelivery.runOnce();
    const left = await subscriptionsOf(bob.id);
    expect(left.map((s) => s.endpoint)).toEqual([current.endpoint]);
    expect(push.received.some((p) => p.path === new URL(current.endpoint).pathname)).toBe(true);
  });

  it('retries a push the service could not take (5xx) with backoff, then delivers it once', async () => {
    const flaky = push.subscription(`bob-flaky-${randomUUID()}`);
    expect((await subscribe(bob, toJson(flaky))).statusCode).toBe(201);
    const path = new URL(flaky.endpoint).pathname;
    push.answer.set(path, 503);
    await notify(bob.id, 'refund');
    expect((await world.app.notificationDelivery.runOnce()).retried).toBeGreaterThan(0);
    const [row] = await world.db
      .select()
      .from(notificationDeliveries)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, notificationDeliveries.pushSubscriptionId))
      .where(eq(pushSubscriptions.endpoint, flaky.endpoint));
    expect(row!.notification_deliveries.status).toBe('pending');
    expect(row!.notification_deliveries.nextAttemptAt.getTime() - world.clock.getTime()).toBe(5_000);
    push.answer.delete(path);
    world.clock = row!.notification_deliveries.nextAttemptAt;
    await world.app.notificationDelivery.runOnce();
    await world.app.notificationDelivery.runOnce();
    expect(push.received.filter((p) => p.path === path)).toHaveLength(1);
  });

  it('sends no push for a type the member turned push off for, and none after the device is removed', async () => {
    const off = await world.call(ann, 'PUT', '/api/notification-preferences', {
      preferences: [{ type: 'date_plan', push: false }],
    });
    expect(off.statusCode).toBe(200);
    const before = push.received.length;
    await notify(ann.id, 'date_plan');
    await world.app.notificationDelivery.runOnce();
    expect(push.received.length).toBe(before);

    // Removing devices: another member cannot remove Ann's; Ann can.
    for (const device of await subscriptionsOf(ann.id)) {
      const byBob = await world.call(bob, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
      expect(byBob.statusCode).toBe(204);
    }
    expect((await subscriptionsOf(ann.id)).length).toBe(2);
    for (const device of await subscriptionsOf(ann.id)) {
      const res = await world.call(ann, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
      expect(res.statusCode).toBe(204);
    }
    expect(await subscriptionsOf(ann.id)).toEqual([]);
    await notify(ann.id, 'outbid');
    await world.app.notificationDelivery.runOnce();
    expect(push.received.length).toBe(before);
    expect(push.problems).toEqual([]);
  });
});
